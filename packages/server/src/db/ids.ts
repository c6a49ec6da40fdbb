import { v7 as uuidv7 } from 'uuid';

/** A new sortable id (UUIDv7): ids created later sort later. */
export const newId = (): string => uuidv7();

/** When a UUIDv7 was made (UTC ms, its first 48 bits), or undefined for anything else. */
export function idTime(id: string): number | undefined {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.exec(id);
  return match ? Number.parseInt(`${match[1]}${match[2]}`, 16) : undefined;
}
