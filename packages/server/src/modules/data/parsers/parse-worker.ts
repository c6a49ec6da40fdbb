import type { ImportFormat } from '@nestbox/shared/data/export.schema';
import { type CheckedFile, checkImportFile } from './check-file.js';
import type { ParseContext } from './parsed-file.js';

/** One file to read, as the import service hands it over. */
export interface ParseTask {
  bytes: Uint8Array;
  format: ImportFormat;
  context: ParseContext;
  /** Whether the items cross back (an import), or only what the file holds (a dry run). */
  withItems: boolean;
}

/**
 * Reads and checks a file in a worker thread of the import pool (`file-reader.ts`): only its
 * answer crosses back to the event loop.
 */
export default function parseTask({ bytes, format, context, withItems }: ParseTask): CheckedFile {
  return checkImportFile(bytes, format, context, { withItems });
}
