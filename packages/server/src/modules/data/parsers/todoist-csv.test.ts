import { readFileSync } from 'node:fs';
import type { ExportBox, ExportItem } from '@nestbox/shared/data/export.schema';
import { targetDateFromDay } from '@nestbox/shared/dates/target-date';
import { describe, expect, it } from 'vitest';
import type { ParseContext } from './parsed-file.js';
import { parseTodoistCsv } from './todoist-csv.js';

const context: ParseContext = {
  /** Wednesday 10 June 2026, 10:00 in Paris. */
  now: Date.UTC(2026, 5, 10, 8),
  timeZone: 'Europe/Paris',
  boxDefaults: { showCompleted: false, autoAddToUnprioritized: true },
};
const csv = (...rows: string[]) => ['TYPE,CONTENT,PRIORITY,INDENT,DATE,DATE_LANG', ...rows].join('\n');
const shape = (items: ExportItem[]): unknown[] =>
  items.map((item) => (item.type === 'box' ? { [item.title]: shape(item.children) } : item.title));
/** Every item's title and note, depth first. */
const notes = (items: ExportItem[]): [string, string | undefined][] =>
  items.flatMap((item): [string, string | undefined][] => [
    [item.title, item.note],
    ...(item.type === 'box' ? notes(item.children) : []),
  ]);
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const ranks = (items: ExportItem[]): [string, number | null][] =>
  items.flatMap((item) =>
    item.type === 'box'
      ? ranks(item.children)
      : item.mine.prioritizable
        ? [[item.title, item.mine.priority]]
        : [],
  );

describe('Todoist CSV parser', () => {
  it('nests indented tasks, making a box of a task with subtasks, and puts sections after', () => {
    const parsed = parseTodoistCsv(
      csv(
        'task,A,4,1',
        'task,a1,4,2',
        'task,a1x,4,3',
        'task,a2,4,2',
        'task,B,4,1',
        'section,S',
        'task,s1,4,1',
      ),
      context,
    );
    expect(parsed.problems).toEqual([]);
    expect(shape(parsed.items)).toEqual([{ A: [{ a1: ['a1x'] }, 'a2'] }, 'B', { S: ['s1'] }]);
  });

  it('reads PRIORITY as Todoist documents it: 1 is p1, the highest; p4 and empty are unranked', () => {
    const parsed = parseTodoistCsv(
      csv('task,p3,3', 'task,p1,1', 'task,p4,4', 'task,none,', 'task,p2,2', 'task,p1 again,1'),
      context,
    );
    expect(ranks(parsed.items)).toEqual([
      ['p3', 4 * 16384],
      ['p1', 1 * 16384],
      ['p2', 3 * 16384],
      ['p1 again', 2 * 16384],
    ]);
  });

  it('puts notes in the note of the task just above them, whether it stays a text or becomes a box', () => {
    const parsed = parseTodoistCsv(
      csv('task,leaf,4,1', 'note,n1', 'task,box,4,1', 'note,n2', 'task,child,4,2', 'note,n3'),
      context,
    );
    expect(shape(parsed.items)).toEqual(['leaf', { box: ['child'] }]);
    expect(notes(parsed.items)).toEqual([
      ['leaf', 'n1'],
      ['box', 'n2'],
      ['child', 'n3'],
    ]);
  });

  it('gives each note of Todoist’s own export to its task, at every level (bboc/todoist-converter)', () => {
    const parsed = parseTodoistCsv(fixture('todoist-converter-full-project.csv'), context);
    expect(parsed.problems).toEqual([]);
    const levels = 'with a few linebreaks, \nof course';
    expect(notes(parsed.items)).toEqual([
      ['unclickable task', undefined],
      ['clickable subtask, scheduled @30min @/munich', undefined],
      ['another subtask with a note', 'one note for the subtask\n\nanother comment for the same sub task'],
      ['task level one', `note for level one task\n\n${levels}`],
      ['task level two', `note for level two task\n\n${levels}`],
      ['task level three', `note for level three task\n\n${levels}`],
      // Todoist's file says "level one" here too.
      ['task level four', `note for level one task\n\n${levels}`],
      [
        'task with various attachments',
        expect.stringMatching(/^first a text note, and then tree attachments/u),
      ],
    ]);
    const attachments = notes(parsed.items).at(-1)?.[1] ?? '';
    expect(attachments.split('\n\n')).toHaveLength(3);
    // The task Todoist never completes ("* ") is a box without the star, holding its subtasks.
    expect(shape(parsed.items)).toEqual([
      { 'unclickable task': ['clickable subtask, scheduled @30min @/munich', 'another subtask with a note'] },
      { 'task level one': [{ 'task level two': [{ 'task level three': ['task level four'] }] }] },
      'task with various attachments',
    ]);
  });

  it('keeps accents, emoji and quotes in titles and notes (bboc/todoist-converter)', () => {
    const parsed = parseTodoistCsv(fixture('todoist-converter-unicode-and-quotes.csv'), context);
    expect(parsed.problems).toEqual([]);
    expect(notes(parsed.items)).toEqual([
      ['this is über-nice', 'also, some commas, “quotes” and ⚁♨︎🃃🁅🀐 in a note'],
      ['😎🍉↗︎↴⥺', '⇱⤴︎↗︎⤵︎↻'],
      ['actually, what happens to a “comma"?', undefined],
    ]);
  });

  it('keeps a box’s DESCRIPTION in its note and its subtask’s priority on the subtask', () => {
    const parsed = parseTodoistCsv(
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT\ntask,parent,About it,1,1\ntask,child,,2,2\n',
      context,
    );
    expect(shape(parsed.items)).toEqual([{ parent: ['child'] }]);
    expect(notes(parsed.items)).toEqual([
      ['parent', 'About it'],
      ['child', undefined],
    ]);
    expect(ranks(parsed.items)).toEqual([['child', 16384]]);
    // Only the box's own rank is lost: boxes never rank.
    expect(parsed.problems).toEqual([{ severity: 'warning', key: 'import.csv.rankOnBox', line: 2 }]);
  });

  it('reads dates like quick capture, in DATE_LANG, and warns of one it cannot read', () => {
    const parsed = parseTodoistCsv(
      csv('task,a,4,1,tomorrow,en', 'task,b,4,1,demain 9h,fr', 'task,c,4,1,whenever,en'),
      context,
    );
    expect(parsed.items.map((item) => item.targetDate)).toEqual([
      Date.UTC(2026, 5, 10, 22),
      Date.UTC(2026, 5, 11, 7),
      null,
    ]);
    expect(parsed.problems).toEqual([
      { severity: 'warning', key: 'import.csv.date', line: 4, params: { date: 'whenever' } },
    ]);
  });

  it('names the line a record starts on, past quoted fields over several lines', () => {
    const parsed = parseTodoistCsv(csv('task,"two\nlines",4,1', 'task,x,4,7'), context);
    expect(parsed.problems).toEqual([
      { severity: 'error', key: 'import.csv.indent', line: 4, params: { indent: '7' } },
    ]);
  });

  it('reads a current Todoist export: meta rows, every column, repeats in French, durations and deadlines', () => {
    const parsed = parseTodoistCsv(fixture('todoist-current-fr.csv'), { ...context, locale: 'fr' });
    expect(parsed.problems).toEqual([]);
    expect(shape(parsed.items)).toEqual([
      {
        'À faire': [
          { Courses: ['Acheter du pain'] },
          'Payer le loyer',
          'Rendre le rapport',
          'Appeler la banque',
        ],
      },
      { 'En cours': ['Ce projet se range par colonnes'] },
    ]);
    expect(notes(parsed.items)).toEqual([
      ['À faire', undefined],
      ['Courses', 'Pour la semaine'],
      ['Acheter du pain', 'Boulangerie du coin\n\nPain complet, pas de baguette\n\nDurée\u00a0: 15 minutes'],
      ['Payer le loyer', undefined],
      ['Rendre le rapport', 'Version finale\n\nDurée\u00a0: 2 jours'],
      ['Appeler la banque', 'Durée\u00a0: 30 minutes\nÉchéance\u00a0: 2026-12-01'],
      ['En cours', undefined],
      ['Ce projet se range par colonnes', undefined],
    ]);
    const [todo] = parsed.items as [ExportBox];
    const [courses, rent, report, bank] = todo.children as [ExportBox, ExportItem, ExportItem, ExportItem];
    const bread = courses.children[0] as ExportItem;
    expect(bread.type === 'text' && bread.recurrence).toEqual({
      rule: 'FREQ=WEEKLY;BYDAY=MO',
      fromCompletion: false,
      done: 0,
    });
    // Wednesday 10 June 2026 in Paris: next Monday, and the 5th of July.
    expect(bread.targetDate).toBe(targetDateFromDay('2026-06-15', 'Europe/Paris'));
    expect(rent.type === 'text' && rent.recurrence?.rule).toBe('FREQ=MONTHLY;BYMONTHDAY=5');
    expect(rent.targetDate).toBe(targetDateFromDay('2026-07-05', 'Europe/Paris'));
    // No DATE: the DEADLINE is the target date.
    expect(report.targetDate).toBe(targetDateFromDay('2026-12-15', 'Europe/Paris'));
    expect(bank.targetDate).toBe(targetDateFromDay('2026-06-11', 'Europe/Paris'));
    expect(ranks(parsed.items)).toEqual([
      ['Acheter du pain', 2 * 16384],
      ['Payer le loyer', 1 * 16384],
      ['Rendre le rapport', 3 * 16384],
    ]);
  });

  it('writes what it adds to a note in English without a language, and warns only of a date it dropped', () => {
    const parsed = parseTodoistCsv(
      [
        'TYPE,CONTENT,PRIORITY,INDENT,DATE,DATE_LANG,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
        'meta,view_style=list',
        'task,a,4,1,every! 3 days,en,1,minute,,',
        'task,b,4,1,,,90,minute,whenever,en',
        'task,c,4,1,tous les lundis,fr,1,day,,',
      ].join('\n'),
      context,
    );
    expect(notes(parsed.items)).toEqual([
      ['a', 'Duration: 1 minute'],
      ['b', 'Duration: 90 minutes'],
      ['c', 'Duration: 1 day'],
    ]);
    expect(parsed.items.map((item) => item.type === 'text' && item.recurrence?.rule)).toEqual([
      'FREQ=DAILY;INTERVAL=3',
      undefined,
      'FREQ=WEEKLY;BYDAY=MO',
    ]);
    expect(parsed.problems).toEqual([
      { severity: 'warning', key: 'import.csv.date', line: 4, params: { date: 'whenever' } },
    ]);
  });

  it('refuses a TYPE it does not know, naming it', () => {
    const parsed = parseTodoistCsv(csv('task,a,4,1', 'project,b'), context);
    expect(parsed.problems).toEqual([
      { severity: 'error', key: 'import.csv.type', line: 3, params: { type: 'project' } },
    ]);
  });

  it('ignores unknown columns and rows that are only commas', () => {
    const parsed = parseTodoistCsv('TYPE,CONTENT,WHATEVER\ntask,a,zzz\n,,\n', context);
    expect(parsed.problems).toEqual([]);
    expect(shape(parsed.items)).toEqual(['a']);
  });
});
