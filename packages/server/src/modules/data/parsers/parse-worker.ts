import type { ImportFormat } from '@nestbox/shared/data/export.schema';
import { type TreeInParts, type TreeOptions, treeInParts } from '../import-tree.js';
import { type CheckedFile, checkImportFile } from './check-file.js';
import type { ParseContext } from './parsed-file.js';

/** One file to read, as the import service hands it over. */
export interface ParseTask {
  bytes: Uint8Array;
  format: ImportFormat;
  context: ParseContext;
  /** For an import (not a dry run): how the file's items become the tree to write. */
  tree?: TreeOptions;
}

/** A file read and checked, with the tree to write when it is to be written. */
export type ReadFile = Omit<CheckedFile, 'items'> & { tree?: TreeInParts };

/**
 * Reads and checks a file in a worker thread of the import pool (`file-reader.ts`), and makes
 * the tree to write: only its answer crosses back to the event loop.
 */
export default function parseTask({ bytes, format, context, tree }: ParseTask): ReadFile {
  const { items, ...checked } = checkImportFile(bytes, format, context, { withItems: tree !== undefined });
  return tree ? { ...checked, tree: treeInParts(items, tree) } : checked;
}
