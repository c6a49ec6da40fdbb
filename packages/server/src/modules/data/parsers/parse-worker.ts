import type { ImportFormat } from '@nestbox/shared/data/export.schema';
import type { ParseContext, ParsedFile } from './parsed-file.js';
import { readImportFile } from './read-file.js';

/** One file to read, as the import service hands it over. */
export interface ParseTask {
  bytes: Uint8Array;
  format: ImportFormat;
  context: ParseContext;
}

/**
 * Reads a file in a worker thread of the import pool (`file-reader.ts`): what it answers
 * crosses back whole (the spots' keys are the very items of the tree).
 */
export default function parseTask({ bytes, format, context }: ParseTask): ParsedFile {
  return readImportFile(bytes, format, context);
}
