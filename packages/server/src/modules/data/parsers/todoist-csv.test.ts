import type { ExportItem } from '@nestbox/shared/data/export.schema';
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

  it('joins a note to its task’s title, or puts it first in a task that became a box', () => {
    const parsed = parseTodoistCsv(
      csv('task,leaf,4,1', 'note,n1', 'task,box,4,1', 'note,n2', 'task,child,4,2'),
      context,
    );
    expect(shape(parsed.items)).toEqual(['leaf\nn1', { box: ['n2', 'child'] }]);
  });

  it('warns that a ranked task which became a box keeps no rank', () => {
    const parsed = parseTodoistCsv(csv('task,parent,1,1', 'task,child,4,2'), context);
    expect(ranks(parsed.items)).toEqual([]);
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

  it('ignores unknown columns and rows that are only commas', () => {
    const parsed = parseTodoistCsv('TYPE,CONTENT,WHATEVER\ntask,a,zzz\n,,\n', context);
    expect(parsed.problems).toEqual([]);
    expect(shape(parsed.items)).toEqual(['a']);
  });
});
