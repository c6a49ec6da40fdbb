import { PRIORITY_STEP } from '@nestbox/shared/constants';
import { startOfDayIn } from '@nestbox/shared/organizer/grouping';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { describe, expect, it } from 'vitest';
import { itemFixture } from '../../test/item-fixture';
import { dropIntoPrioritized, prioritizedRows, rankAtEndOfGroup, unprioritizedRows } from './organizer-rows';

const ZONE = 'Europe/Paris';
const NOW = startOfDayIn('2026-05-04', ZONE) + 10 * 3_600_000;
const TOMORROW = startOfDayIn('2026-05-05', ZONE);

function item(id: string, fields: Partial<OrganizerItem> = {}): OrganizerItem {
  return itemFixture<OrganizerItem>(id, { prioritizable: true, parentTitle: 'Box', ...fields });
}

const items = [
  item('pinned', { priority: 30, markedAsForToday: true }),
  item('overdue', { priority: 10, priorityTargetDate: NOW - 2 * 86_400_000 }),
  item('tomorrow', { priority: 20, priorityTargetDate: TOMORROW + 3_600_000 }),
  item('later', { priority: 40 }),
  item('sooner', { priority: 5 }),
  item('waiting', { createdDate: 2 }),
];

describe('the Prioritized rows', () => {
  it('shows Today, each day and Undated as markers, items by priority, overdue marked', () => {
    const rows = prioritizedRows(items, NOW, ZONE);
    expect(rows.map((row) => row.id)).toEqual([
      'group:today',
      'overdue',
      'pinned',
      'group:day:2026-05-05',
      'tomorrow',
      'group:undated',
      'sooner',
      'later',
    ]);
    expect(rows.find((row) => row.id === 'overdue')).toMatchObject({ overdue: true });
  });

  it('keeps empty Today and Undated markers to drop into', () => {
    expect(prioritizedRows([], NOW, ZONE)).toEqual([
      { kind: 'group', id: 'group:today', group: 'today', empty: true },
      { kind: 'group', id: 'group:undated', group: 'undated', empty: true },
    ]);
  });
});

describe('a drop into the Prioritized list', () => {
  const rows = prioritizedRows(items, NOW, ZONE);
  const waiting = items[5] as OrganizerItem;
  const at = (id: string) => rows.findIndex((row) => row.id === id);

  // dnd's destination index is the row's place in the list once moved (from another list:
  // the place it is inserted at).
  it('between two items of a group takes the average and no other change', () => {
    expect(dropIntoPrioritized(rows, waiting, at('later'), NOW, ZONE)).toEqual({
      body: { itemId: 'waiting', priority: 22.5 },
      needsReindex: false,
    });
  });

  it('into Today marks the item for today, above the first one (half its priority)', () => {
    expect(dropIntoPrioritized(rows, waiting, at('overdue'), NOW, ZONE).body).toEqual({
      itemId: 'waiting',
      priority: 5,
      markedAsForToday: true,
    });
    // Above the Today marker is still the top of Today.
    expect(dropIntoPrioritized(rows, waiting, 0, NOW, ZONE).body.markedAsForToday).toBe(true);
  });

  it("into a day group sets that day's start as the target date and drops the Today mark", () => {
    const pinned = items[0] as OrganizerItem;
    // Today, overdue, the day marker, tomorrow, then pinned: index 4 once moved.
    const { body } = dropIntoPrioritized(rows, pinned, 4, NOW, ZONE);
    expect(body).toEqual({
      itemId: 'pinned',
      priority: 20 + 16384,
      markedAsForToday: false,
      priorityTargetDate: TOMORROW,
    });
  });

  it('into Undated clears a target date; a move within its own group changes only the priority', () => {
    const tomorrow = items[2] as OrganizerItem;
    // Between 'sooner' and 'later': index 6 once 'tomorrow' has left its own group above.
    expect(dropIntoPrioritized(rows, tomorrow, 6, NOW, ZONE).body).toEqual({
      itemId: 'tomorrow',
      priority: 22.5,
      priorityTargetDate: null,
    });
    const later = items[3] as OrganizerItem;
    // Within Undated, 'later' moved above 'sooner' (index of 'sooner' in the rows without it).
    expect(dropIntoPrioritized(rows, later, at('sooner'), NOW, ZONE).body).toEqual({
      itemId: 'later',
      priority: 2.5,
    });
  });

  it('asks for a reindex when the neighbours are too close', () => {
    const close = [item('a', { priority: 1 }), item('b', { priority: 1 + 1e-13 })];
    const closeRows = prioritizedRows(close, NOW, ZONE);
    expect(dropIntoPrioritized(closeRows, waiting, 3, NOW, ZONE).needsReindex).toBe(true);
  });
});

describe('the Unprioritized rows', () => {
  const list = [
    item('b', { title: 'beta', parentTitle: 'Zoo', createdDate: 1 }),
    item('a', { title: 'Alpha', parentTitle: 'yard', createdDate: 3 }),
    item('c', { title: 'gamma', parentTitle: null, createdDate: 2 }),
    item('ranked', { priority: 1 }),
  ];
  const ids = (column: 'createdDate' | 'itemTitle' | 'parentTitle', dir: 'asc' | 'desc') =>
    unprioritizedRows(list, column, dir).map((row) => row._id);

  it('orders by created date, title or parent title, either way, without case', () => {
    expect(ids('createdDate', 'desc')).toEqual(['a', 'c', 'b']);
    expect(ids('createdDate', 'asc')).toEqual(['b', 'c', 'a']);
    expect(ids('itemTitle', 'asc')).toEqual(['a', 'b', 'c']);
    expect(ids('parentTitle', 'asc')).toEqual(['c', 'a', 'b']);
    expect(ids('parentTitle', 'desc')).toEqual(['b', 'a', 'c']);
  });
});

describe('P on an Unprioritized row', () => {
  const rows = prioritizedRows(items, NOW, ZONE);

  it('ranks it after the last item of the group its date puts it in, and changes nothing else', () => {
    expect(rankAtEndOfGroup(rows, item('undated'), NOW, ZONE)).toEqual({
      body: { itemId: 'undated', priority: 40 + PRIORITY_STEP },
      needsReindex: false,
    });
    const dated = item('dated', { priorityTargetDate: TOMORROW + 7_200_000 });
    expect(rankAtEndOfGroup(rows, dated, NOW, ZONE).body).toEqual({
      itemId: 'dated',
      priority: 20 + PRIORITY_STEP,
    });
    const overdue = item('late', { priorityTargetDate: NOW - 86_400_000 });
    expect(rankAtEndOfGroup(rows, overdue, NOW, ZONE).body.priority).toBe(30 + PRIORITY_STEP);
  });

  it('starts a day that has no group yet', () => {
    const later = item('later-day', { priorityTargetDate: TOMORROW + 9 * 86_400_000 });
    expect(rankAtEndOfGroup(rows, later, NOW, ZONE).body).toEqual({
      itemId: 'later-day',
      priority: PRIORITY_STEP,
    });
  });
});
