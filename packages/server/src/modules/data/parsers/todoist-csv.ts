import { PRIORITY_STEP } from '@nestbox/shared/constants';
import type { ExportBox, ExportItem, ExportText } from '@nestbox/shared/data/export.schema';
import { IMPORT_VALUE_MAX_LENGTH } from '@nestbox/shared/data/import.schema';
import { readDate } from '@nestbox/shared/dates/read-date';
import { CsvError, parse } from 'csv-parse/sync';
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
  /** DESCRIPTION, then each note on it, in order. */
  notes: { text: string; line: number }[];
}

const itemOf = (task: Task) => task.siblings[task.index] as ExportItem;

/**
 * Todoist's CSV template (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, DATE, DATE_LANG, and
 * columns it reads no further: AUTHOR, RESPONSIBLE, TIMEZONE, DURATION, DEADLINE…; unknown
 * columns are ignored). The file is the project: its sections become boxes, tasks texts. A task
 * with subtasks (a later row indented under it) becomes a box titled like it, holding them;
 * a task's DESCRIPTION and notes (TYPE note: a comment on the task above) join its title on
 * lines of their own, or, when it became a box, are its first texts.
 *
 * PRIORITY is Todoist's own numbering, as its help documents the template: 1 is p1, the
 * highest, to 4, p4, the lowest. p1 to p3 rank the task in the Organizer (all p1 tasks first,
 * in the order of the file, then p2, then p3); p4, and an empty cell, leave it unranked (the
 * help says an empty cell is p1: ranking every task of a hand-written file would flood the
 * Organizer). A task that became a box keeps no rank (only texts rank): a warning says so.
 * DATE is read like quick capture reads dates, in DATE_LANG (`fr`; anything else reads as
 * English first), forward from now in the person's time zone; one that cannot be read is a
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
  const cell = (record: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (record[index] ?? '').trim();
  };

  // Tasks repeat their dates ("tomorrow", "every monday"): each is read once.
  const datesRead = new Map<string, number | null>();
  const recurrenceOf = (written: string) => todoistRecurrence(written, context);
  const dateOf = (written: string, locale: 'fr' | 'en-GB') => {
    const key = `${locale} ${written}`;
    let at = datesRead.get(key);
    if (at === undefined) {
      at = readDate(written, { locale, timeZone: context.timeZone, now: context.now })?.at ?? null;
      datesRead.set(key, at);
    }
    return at;
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
      const written = cell(record, 'DATE');
      let targetDate: number | null = null;
      if (written) {
        const locale = cell(record, 'DATE_LANG').toLowerCase().startsWith('fr') ? 'fr' : 'en-GB';
        targetDate = dateOf(written, locale);
        if (targetDate === null)
          problems.push({ severity: 'warning', key: 'import.csv.date', line, params: { date: written } });
      }
      // "every Monday", "every 2 weeks"…: a recurrence, from its first occurrence on.
      const recurrence = written ? recurrenceOf(written) : undefined;
      if (recurrence) targetDate = recurrence.targetDate;
      const text = newText(content, context.now, {
        targetDate,
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
      const task: Task = { siblings, index: siblings.length - 1, indent, line, priority, notes: [] };
      const description = cell(record, 'DESCRIPTION');
      if (description) task.notes.push({ text: description, line });
      tasks.push(task);
      stack.push(task);
      lastTask = task;
    } else if (type === 'note') {
      if (lastTask) lastTask.notes.push({ text: content, line });
      else {
        problems.push({ severity: 'warning', key: 'import.csv.noteAlone', line });
        const note = newText(content, context.now);
        spots.set(note, { line });
        (section ? section.children : top).push(note);
      }
    } else {
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
    if (item.type === 'box') {
      if (task.priority < 4)
        problems.push({ severity: 'warning', key: 'import.csv.rankOnBox', line: task.line });
      const notes = task.notes.map((note) => {
        const text = newText(note.text, context.now);
        spots.set(text, { line: note.line });
        return text;
      });
      item.children.unshift(...notes);
    } else {
      if (task.notes.length > 0) item.title = [item.title, ...task.notes.map((note) => note.text)].join('\n');
      if (task.priority < 4) ranked.push({ text: item, priority: task.priority });
    }
  }
  // p1 before p2 before p3, each in the order of the file (the sort is stable).
  ranked.sort((a, b) => a.priority - b.priority);
  ranked.forEach(({ text }, index) => {
    text.mine = { ...text.mine, prioritizable: true, priority: (index + 1) * PRIORITY_STEP };
  });

  return { items: top, spots, problems };
}
