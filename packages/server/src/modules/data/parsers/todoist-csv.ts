import { PRIORITY_STEP } from '@nestbox/shared/constants';
import type { ExportBox, ExportItem, ExportText } from '@nestbox/shared/data/export.schema';
import { IMPORT_VALUE_MAX_LENGTH } from '@nestbox/shared/data/import.schema';
import { readDate } from '@nestbox/shared/dates/read-date';
import type { PluralMessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { CsvError, parse } from 'csv-parse/sync';
import { translate, translatePlural } from '../../../i18n/translate.js';
import {
  boxOf,
  type FileSpot,
  type FoundProblem,
  newBox,
  newText,
  type ParseContext,
  type ParsedFile,
} from './parsed-file.js';
import { todoistRecurrence } from './todoist-recurrence.js';

/** Todoist nests tasks at most this deep (INDENT 1 to 5). */
const MAX_INDENT = 5;

/** A task as read, until the whole file is: it may still gain subtasks (and become a box) or notes. */
interface Task {
  /** Where it sits: its place in its parent's children, which holds it as a text or a box. */
  siblings: ExportItem[];
  index: number;
  indent: number;
  line: number;
  /** Todoist's p1 (highest) to p4 (none). */
  priority: number;
  /** DESCRIPTION, then each note row on it, in order. */
  notes: string[];
  /** What the task's other columns say that no field holds (duration, a deadline beside a date). */
  facts: string[];
}

const itemOf = (task: Task) => task.siblings[task.index] as ExportItem;

/** Todoist's mark of a task that cannot be completed: its content starts with "* ". */
const UNCOMPLETABLE = /^\*\s+/u;

/** DURATION_UNIT as Todoist writes it, and the words for an amount of it. */
const DURATION_UNITS: Record<string, PluralMessageKey> = {
  minute: 'reminder.amount.minutes',
  day: 'reminder.amount.days',
};

/**
 * Todoist's CSV template and project export (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT,
 * DATE, DATE_LANG, DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG, and columns it reads no
 * further: IS_COLLAPSED, AUTHOR, RESPONSIBLE, TIMEZONE; unknown columns are ignored). The file
 * is the project: its sections become boxes, tasks texts. A task with subtasks (a later row
 * indented under it) becomes a box titled like it, holding them. A `meta` row is the project's
 * own setting (`view_style=list|board|calendar`, its layout): Nestbox shows every project one
 * way, sections as boxes, so it is accepted and changes nothing.
 *
 * A task's note holds its DESCRIPTION and its notes (TYPE note: each a comment on the task row
 * just above it, whatever its INDENT), separated by blank lines, then a line for its DURATION
 * ("Duration: 30 minutes", in the person's language) and one for a DEADLINE the task's DATE
 * leaves no room for. A task whose content starts with "* " is one Todoist never completes (a
 * heading): it comes without the star, a box when it has subtasks, else a plain text.
 *
 * PRIORITY is Todoist's own numbering, as its help documents the template: 1 is p1, the
 * highest, to 4, p4, the lowest. p1 to p3 rank the task in the Organizer (all p1 tasks first,
 * in the order of the file, then p2, then p3); p4, and an empty cell, leave it unranked (the
 * help says an empty cell is p1: ranking every task of a hand-written file would flood the
 * Organizer). A task that became a box keeps no rank (only texts rank): a warning says so.
 * DATE is read like quick capture reads dates, in DATE_LANG (`fr`; anything else reads as
 * English first), forward from now in the person's time zone; a repeating one ("every monday",
 * "tous les lundis") as its rule, from its first occurrence. With no DATE, DEADLINE (in
 * DEADLINE_LANG) is the target date. A date read neither as a day nor as a repeat is a
 * warning, and the task is kept without it.
 */
export function parseTodoistCsv(text: string, context: ParseContext): ParsedFile {
  const problems: FoundProblem[] = [];
  const spots = new Map<ExportItem, FileSpot>();
  const fail = (problem: Omit<FoundProblem, 'severity'>): ParsedFile => ({
    items: [],
    spots,
    problems: [{ severity: 'error', ...problem }],
  });

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // A row no item could hold is refused as it is read, before any of it is kept.
      max_record_size: IMPORT_VALUE_MAX_LENGTH,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE')
      return fail({
        key: 'import.file.valueTooLong',
        line: (error as CsvError & { lines?: number }).lines ?? 1,
        params: { max: IMPORT_VALUE_MAX_LENGTH },
      });
    if (error instanceof CsvError)
      return fail({ key: 'import.csv.malformed', line: (error as CsvError & { lines?: number }).lines ?? 1 });
    throw error;
  }
  const [header, ...rows] = records;
  const columns = new Map((header?.record ?? []).map((name, index) => [name.trim().toUpperCase(), index]));
  if (!columns.has('TYPE') || !columns.has('CONTENT')) return fail({ key: 'import.csv.columns', line: 1 });
  /** A cell's value, trimmed, its line ends written as `\n` (Todoist writes CRLF inside quotes). */
  const cell = (record: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (record[index] ?? '').trim().replace(/\r\n?/gu, '\n');
  };

  // Tasks repeat their dates ("tomorrow", "every monday"): each is read once.
  const datesRead = new Map<string, { at: number; hasTime: boolean } | null>();
  const recurrenceOf = (written: string) => todoistRecurrence(written, context);
  const dateOf = (written: string, locale: 'fr' | 'en-GB') => {
    const key = `${locale} ${written}`;
    let read = datesRead.get(key);
    if (read === undefined) {
      read = readDate(written, { locale, timeZone: context.timeZone, now: context.now });
      datesRead.set(key, read && { at: read.at, hasTime: read.hasTime });
    }
    return read;
  };

  const languageOf = (record: string[], column: string): 'fr' | 'en-GB' =>
    cell(record, column).toLowerCase().startsWith('fr') ? 'fr' : 'en-GB';
  const locale = context.locale ?? 'en-GB';
  /** "Duration: 30 minutes", or nothing when the task has no duration. */
  const durationOf = (record: string[]): string | undefined => {
    const amount = cell(record, 'DURATION');
    const unit = cell(record, 'DURATION_UNIT').toLowerCase();
    if (!/^\d+$/u.test(amount) || Number(amount) === 0) return undefined;
    const words = DURATION_UNITS[unit];
    const duration = words ? translatePlural(locale, words, Number(amount)) : `${amount} ${unit}`.trim();
    return translate(locale, 'import.note.duration', { duration });
  };

  const top: ExportItem[] = [];
  let section: ExportBox | undefined;
  let stack: Task[] = [];
  let lastTask: Task | undefined;
  const tasks: Task[] = [];

  for (const { record, info } of rows) {
    if (record.every((field) => field.trim() === '')) continue;
    // The line the record starts on (a quoted field may run over several).
    const line = info.lines - record.reduce((sum, field) => sum + (field.match(/\n/gu)?.length ?? 0), 0);
    const type = cell(record, 'TYPE').toLowerCase();
    const content = cell(record, 'CONTENT');
    if (type === 'section') {
      section = newBox(content, context);
      spots.set(section, { line });
      top.push(section);
      stack = [];
      lastTask = undefined;
    } else if (type === 'task') {
      const indentCell = cell(record, 'INDENT') || '1';
      const indent = Number(indentCell);
      if (!Number.isInteger(indent) || indent < 1 || indent > MAX_INDENT) {
        problems.push({ severity: 'error', key: 'import.csv.indent', line, params: { indent: indentCell } });
        continue;
      }
      const priorityCell = cell(record, 'PRIORITY') || '4';
      const priority = Number(priorityCell);
      if (!['1', '2', '3', '4'].includes(priorityCell)) {
        problems.push({
          severity: 'error',
          key: 'import.csv.priority',
          line,
          params: { priority: priorityCell },
        });
        continue;
      }
      const facts: string[] = [];
      const duration = durationOf(record);
      if (duration) facts.push(duration);
      const deadline = cell(record, 'DEADLINE');
      let written = cell(record, 'DATE');
      let writtenIn = languageOf(record, 'DATE_LANG');
      if (!written && deadline) {
        written = deadline;
        writtenIn = languageOf(record, 'DEADLINE_LANG');
      } else if (deadline) facts.push(translate(locale, 'import.note.deadline', { date: deadline }));
      // "every Monday", "tous les lundis"…: a recurrence, from its first occurrence on.
      const recurrence = written ? recurrenceOf(written) : undefined;
      let targetDate: number | null = recurrence?.targetDate ?? null;
      let targetHasTime = recurrence?.hasTime;
      if (written && !recurrence) {
        const read = dateOf(written, writtenIn);
        targetDate = read?.at ?? null;
        targetHasTime = read?.hasTime;
        if (targetDate === null)
          problems.push({ severity: 'warning', key: 'import.csv.date', line, params: { date: written } });
      }
      const text = newText(content.replace(UNCOMPLETABLE, ''), context.now, {
        targetDate,
        ...(targetDate !== null && targetHasTime !== undefined ? { targetHasTime } : {}),
        ...(recurrence ? { recurrence: recurrence.recurrence } : {}),
      });
      spots.set(text, { line });
      while (stack.length > 0 && (stack.at(-1) as Task).indent >= indent) stack.pop();
      const parent = stack.at(-1);
      let siblings: ExportItem[];
      if (parent) {
        let box = itemOf(parent);
        if (box.type === 'text') {
          box = boxOf(box, context);
          spots.set(box, { line: parent.line });
          parent.siblings[parent.index] = box;
        }
        siblings = box.children;
      } else siblings = section ? section.children : top;
      siblings.push(text);
      const task: Task = { siblings, index: siblings.length - 1, indent, line, priority, notes: [], facts };
      const description = cell(record, 'DESCRIPTION');
      if (description) task.notes.push(description);
      tasks.push(task);
      stack.push(task);
      lastTask = task;
    } else if (type === 'note' && lastTask) {
      if (content) lastTask.notes.push(content);
    } else if (type === 'note') {
      problems.push({ severity: 'warning', key: 'import.csv.noteAlone', line });
      const note = newText(content, context.now);
      spots.set(note, { line });
      (section ? section.children : top).push(note);
    } else if (type !== 'meta') {
      // Any TYPE but `meta` (the project's own setting, "view_style=board", which changes nothing).
      problems.push({
        severity: 'error',
        key: 'import.csv.type',
        line,
        params: { type: cell(record, 'TYPE') },
      });
    }
  }

  const ranked: { text: ExportText; priority: number }[] = [];
  for (const task of tasks) {
    const item = itemOf(task);
    const note = [...task.notes, task.facts.join('\n')].filter((part) => part !== '').join('\n\n');
    if (note) item.note = note;
    if (item.type === 'box') {
      if (task.priority < 4)
        problems.push({ severity: 'warning', key: 'import.csv.rankOnBox', line: task.line });
    } else if (task.priority < 4) ranked.push({ text: item, priority: task.priority });
  }
  // p1 before p2 before p3, each in the order of the file (the sort is stable).
  ranked.sort((a, b) => a.priority - b.priority);
  ranked.forEach(({ text }, index) => {
    text.mine = { ...text.mine, prioritizable: true, priority: (index + 1) * PRIORITY_STEP };
  });

  return { items: top, spots, problems };
}
