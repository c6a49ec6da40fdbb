import type { ImportFinishedEvent } from '@nestbox/shared/data/import.schema';

/**
 * Where the live layer keeps the last `import.finished` this person's sockets heard (the
 * import section waits on it as well as on the answer). A file of its own, so the app layout
 * that writes it does not load the upload code.
 */
export const IMPORT_FINISHED_KEY = ['import-finished'] as const;
export type ImportFinished = ImportFinishedEvent;
