import {
  EXPORT_FORMAT,
  EXPORT_MAX_DEPTH,
  EXPORT_READABLE_VERSIONS,
  EXPORT_VERSION,
  ExportFileSchema,
  type ExportItem,
} from '@nestbox/shared/data/export.schema';
import { isJsonTooDeep } from '../../../http/json-body.js';
import type { FileSpot, FoundProblem, ParsedFile } from './parsed-file.js';

/** A box costs two levels of JSON (its object and its `children`); the file's own and a reminder's a few more. */
const JSON_DEPTH = 2 * EXPORT_MAX_DEPTH + 8;

/** The line a character offset falls on (1-based). */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The value at a path of a parsed JSON document (undefined when it is not there). */
function valueAt(document: unknown, path: readonly PropertyKey[]): unknown {
  let value = document;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Nestbox export (`GET /api/export?format=json`, ExportFileSchema, version 1 or 2), read exactly
 * as written: nothing is filled in or dropped, so an export imported and exported again is
 * the same file apart from ids and times. A file that is not JSON names the line where it
 * stops being; one that breaks the schema names the first value at fault by its path
 * ("workspace.0.children.2.title").
 */
export function parseNestboxJson(text: string): ParsedFile {
  const spots = new Map<ExportItem, FileSpot>();
  const fail = (problem: Omit<FoundProblem, 'severity'>): ParsedFile => ({
    items: [],
    spots,
    problems: [{ severity: 'error', ...problem }],
  });

  if (isJsonTooDeep(text, JSON_DEPTH)) return fail({ key: 'import.json.tooDeep' });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/u.exec((error as Error).message)?.[1];
    return fail({
      key: 'import.json.malformed',
      ...(position ? { line: lineAt(text, Number(position)) } : {}),
    });
  }
  if (!isRecord(document) || document.format !== EXPORT_FORMAT)
    return fail({ key: 'import.json.notNestbox' });
  if (!EXPORT_READABLE_VERSIONS.some((version) => version === document.version))
    return fail({
      key: 'import.json.version',
      path: 'version',
      params: { version: String(document.version), supported: EXPORT_VERSION },
    });

  const parsed = ExportFileSchema.safeParse(document);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const path = issue?.path ?? [];
    const where = path.map(String).join('.');
    if (issue?.message === 'validation.date.range' && valueAt(document, path) !== undefined)
      return fail({ key: 'import.date.range', path: where });
    if (issue?.code === 'unrecognized_keys') {
      const field = issue.keys[0] ?? '';
      return fail({ key: 'import.json.unknownField', path: where || field, params: { field } });
    }
    return fail({
      key: valueAt(document, path) === undefined ? 'import.json.missing' : 'import.json.invalid',
      path: where,
    });
  }

  const walk = (items: ExportItem[], path: string) =>
    items.forEach((item, index) => {
      const at = `${path}.${index}`;
      spots.set(item, { path: at });
      if (item.type === 'box') walk(item.children, `${at}.children`);
    });
  walk(parsed.data.workspace, 'workspace');
  return { items: parsed.data.workspace, spots, settings: parsed.data.settings, problems: [] };
}
