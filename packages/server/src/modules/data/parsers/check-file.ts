import { NOTE_MAX_LENGTH, TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import {
  EXPORT_MAX_DEPTH,
  type ExportItem,
  type ExportSettings,
  type ImportFormat,
} from '@nestbox/shared/data/export.schema';
import { IMPORT_MAX_ITEMS, type ImportCounts } from '@nestbox/shared/data/import.schema';
import { isDateInRange } from '@nestbox/shared/dates/date-range';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import type { FileSpot, FoundProblem, ParseContext, ParsedFile } from './parsed-file.js';
import { readImportFile } from './read-file.js';

/**
 * A file read and checked, as the import service needs it: what it holds, counted; the
 * parser's problems and the tree's (kept apart: the file's settings are checked between them);
 * and its items only when they are to be written (a dry run's never cross back).
 */
export interface CheckedFile {
  items: ExportItem[];
  settings?: ExportSettings;
  counts: ImportCounts;
  problems: FoundProblem[];
  treeProblems: FoundProblem[];
}

/** Reads and checks a file: the whole of an import's work before it writes, and no I/O. */
export function checkImportFile(
  bytes: Uint8Array,
  format: ImportFormat,
  context: ParseContext,
  { withItems }: { withItems: boolean },
): CheckedFile {
  const parsed = readImportFile(bytes, format, context);
  const treeProblems = checkTree(parsed);
  return {
    items: withItems ? parsed.items : [],
    ...(parsed.settings ? { settings: parsed.settings } : {}),
    counts: countOf(parsed.items),
    problems: parsed.problems,
    treeProblems,
  };
}

/** What the items of a tree are, counted. */
function countOf(items: readonly ExportItem[]): ImportCounts {
  const counts: ImportCounts = { boxes: 0, texts: 0, dates: 0, reminders: 0 };
  const walk = (list: readonly ExportItem[]) => {
    for (const item of list) {
      if (item.type === 'box') {
        counts.boxes += 1;
        walk(item.children);
      } else counts.texts += 1;
      if (item.targetDate !== null) counts.dates += 1;
      counts.reminders += item.reminders.filter((reminder) => !reminder.linkedDirectlyToTargetDate).length;
    }
  };
  walk(items);
  return counts;
}

/**
 * The rules every file meets whatever its format, as the items module's own rules say them:
 * at most IMPORT_MAX_ITEMS items, boxes at most EXPORT_MAX_DEPTH deep, box titles as a new
 * box's (required, 200 characters, no reserved name), texts of at most 2,000 characters, no
 * NUL in any title, every time within the dates Nestbox stores (a target date outside them is
 * dropped, with a warning); and only texts rank in the Organizer (a box's rank is dropped, with a warning). Each problem
 * names where its item came from.
 */
function checkTree(parsed: ParsedFile): FoundProblem[] {
  const problems: FoundProblem[] = [];
  let count = 0;
  let tooDeep = false;
  const walk = (list: readonly ExportItem[], depth: number) => {
    for (const item of list) {
      count += 1;
      if (count > IMPORT_MAX_ITEMS) return;
      const spot: FileSpot = parsed.spots.get(item) ?? {};
      // A Nestbox export's schema refuses any of them already; other parsers read dates from text.
      if ([item.createdAt, item.completedAt, item.archivedAt].some((at) => at !== null && !isDateInRange(at)))
        problems.push({ severity: 'error', key: 'import.date.range', ...spot });
      if (item.targetDate !== null && !isDateInRange(item.targetDate)) {
        problems.push({ severity: 'warning', key: 'import.targetDate.range', ...spot });
        item.targetDate = null;
      }
      // PostgreSQL stores no NUL in text: refused on both engines alike.
      if (item.title.includes('\u0000'))
        problems.push({ severity: 'error', key: 'import.title.nul', ...spot });
      if (item.note?.includes('\u0000'))
        problems.push({ severity: 'error', key: 'import.note.nul', ...spot });
      if (item.note !== undefined && item.note.length > NOTE_MAX_LENGTH)
        problems.push({
          severity: 'error',
          key: 'import.note.tooLong',
          params: { max: NOTE_MAX_LENGTH },
          ...spot,
        });
      if (item.type === 'box') {
        const titleError = boxTitleError(item.title);
        if (titleError) problems.push({ severity: 'error', key: titleError, ...spot });
        const { prioritizable, priority, markedForToday } = item.mine;
        if (prioritizable || priority !== null || markedForToday) {
          problems.push({ severity: 'warning', key: 'import.json.boxNotPrioritizable', ...spot });
          item.mine = { ...item.mine, prioritizable: false, priority: null, markedForToday: false };
        }
        if (depth >= EXPORT_MAX_DEPTH && item.children.length > 0) {
          if (!tooDeep)
            problems.push({
              severity: 'error',
              key: 'import.file.tooDeep',
              params: { max: EXPORT_MAX_DEPTH },
              ...spot,
            });
          tooDeep = true;
        } else walk(item.children, depth + 1);
      } else if (item.title.length > TEXT_TITLE_MAX_LENGTH) {
        problems.push({
          severity: 'error',
          key: 'import.title.textTooLong',
          params: { max: TEXT_TITLE_MAX_LENGTH },
          ...spot,
        });
      }
    }
  };
  walk(parsed.items, 1);
  if (count > IMPORT_MAX_ITEMS)
    problems.unshift({
      severity: 'error',
      key: 'import.file.tooManyItems',
      params: { max: IMPORT_MAX_ITEMS },
    });
  return problems;
}
