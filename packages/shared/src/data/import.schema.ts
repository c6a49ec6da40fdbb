import { z } from 'zod';
import { BOX_TITLE_MAX_LENGTH, TEXT_TITLE_MAX_LENGTH } from '../constants.js';
import { IMPORT_FORMATS } from './export.schema.js';

/** The largest file an import reads (the route's own body limit; every other route keeps 1 MB). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The most items (boxes and texts) one file may hold. */
export const IMPORT_MAX_ITEMS = 100_000;

/**
 * The longest single value a file may hold as written (an OPML element with its attributes,
 * a CSV row): ten times the longest text, room for entities and quotes. A longer one is
 * refused before the file is read any further, as no item could hold it.
 */
export const IMPORT_VALUE_MAX_LENGTH = 10 * TEXT_TITLE_MAX_LENGTH;

/** How many problems a dry run lists (the first ones found, in the order of the file). */
export const IMPORT_PROBLEMS_SHOWN = 20;

const flag = z.enum(['0', '1']).transform((value) => value === '1');

/**
 * `POST /api/import?format=…&dryRun=0|1&boxId=…&name=…&settings=0|1`: the file is the request
 * body, as raw bytes of any content type (up to IMPORT_MAX_BYTES; UTF-8, a BOM is ignored).
 */
export const ImportQuerySchema = z.object({
  format: z
    .enum(IMPORT_FORMATS)
    .describe('json: a Nestbox export; opml: an outline; todoist-csv: a Todoist template.'),
  dryRun: flag.default(false).describe('1: read and check the file, answer what it holds, change nothing.'),
  boxId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'The box the contents go into (last in it; owner or editor). Without it: a new box at the top of the Workspace.',
    ),
  name: z
    .string()
    .trim()
    .max(BOX_TITLE_MAX_LENGTH)
    .optional()
    .describe('The new box\'s title (the file\'s name); "Imported <date>" when left out or empty.'),
  settings: flag
    .default(true)
    .describe("json only: also apply the file's settings (language, time zone, Organizer, Customizations)."),
});
export type ImportQuery = z.input<typeof ImportQuerySchema>;

/**
 * The `Idempotency-Key` header of an import: any 1 to 255 visible ASCII characters the client
 * chooses (a UUID, say), the same for every retry of one import and new for the next.
 */
export const ImportKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** How long an import's key answers its retries: a day. */
export const IMPORT_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** What a file holds (or what was made of it). `reminders`: the visible ones, not the date's own. */
export const ImportCountsSchema = z
  .object({
    boxes: z.number().int(),
    texts: z.number().int(),
    dates: z.number().int().describe('Items with a target date.'),
    reminders: z.number().int(),
  })
  .meta({ id: 'ImportCounts' });
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/**
 * Something wrong in the file, where it is: a line (CSV, and where known JSON and XML), an
 * element (an OPML outline's place, "2.1.3"; a JSON value's path, "workspace.0.children.2").
 * An error stops the import; a warning says what was left out (a date that could not be read).
 */
export const ImportProblemSchema = z
  .object({
    severity: z.enum(['error', 'warning']),
    line: z.number().int().optional(),
    element: z.string().optional(),
    messageKey: z.string().describe('The i18n key of the problem.'),
    message: z.string().describe("Translated for the caller's Accept-Language, naming where it is."),
  })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/**
 * The answer: what the file holds and its first problems. A dry run answers even for a file
 * with errors (`ok: false`); an import of such a file answers 400 naming the first error.
 * After an import, `boxId` is the box that received it and `settingsApplied` says whether
 * the file's settings now apply.
 */
export const ImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    ok: z.boolean(),
    counts: ImportCountsSchema,
    problems: z.array(ImportProblemSchema),
    boxId: z.string().nullable(),
    settingsApplied: z.boolean(),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** `import.finished` on the importer's own sockets, once the import committed. */
export interface ImportFinishedEvent {
  boxId: string;
  counts: ImportCounts;
}
