import { v7 as uuidv7 } from 'uuid';

/** A new sortable id (UUIDv7): ids created later sort later. */
export const newId = (): string => uuidv7();
