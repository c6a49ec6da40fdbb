import type { ImportFormat } from '@nestbox/shared/data/export.schema';
import { parseNestboxJson } from './nestbox-json.js';
import { parseOpml } from './opml.js';
import type { FoundProblem, ParseContext, ParsedFile } from './parsed-file.js';
import { parseTodoistCsv } from './todoist-csv.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's text and what its format's parser makes of it: the whole of reading an import,
 * with no I/O, so it can run in a worker thread (`parse-worker.ts`).
 */
export function readImportFile(bytes: Uint8Array, format: ImportFormat, context: ParseContext): ParsedFile {
  const fail = (key: FoundProblem['key']): ParsedFile => ({
    items: [],
    spots: new Map(),
    problems: [{ severity: 'error', key }],
  });
  if (bytes.length === 0) return fail('import.file.empty');
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return fail('import.file.notUtf8');
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text.trim() === '') return fail('import.file.empty');
  if (format === 'json') return parseNestboxJson(text);
  if (format === 'opml') return parseOpml(text, context);
  return parseTodoistCsv(text, context);
}
