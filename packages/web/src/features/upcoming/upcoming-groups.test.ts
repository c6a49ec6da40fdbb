import type { UpcomingItem } from '@nestbox/shared/upcoming/upcoming.schema';
import { describe, expect, it } from 'vitest';
import { movedToDay, upcomingSections } from './upcoming-groups';

const ZONE = 'Europe/Paris';
const TODAY = '2026-11-27';

function text(id: string, day: string, group: UpcomingItem['group'], at: number): UpcomingItem {
  return { _id: id, day, group, priorityTargetDate: at, abilities: { edit: true } } as UpcomingItem;
}

describe('upcoming sections', () => {
  it('always offers today and the next seven days, and Overdue and Later only when they hold texts', () => {
    const empty = upcomingSections([], TODAY);
    expect(empty.map((section) => section.key)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(empty.map((section) => section.group).slice(0, 3)).toEqual(['today', 'tomorrow', 'day']);

    const sections = upcomingSections(
      [
        text('b', '2026-11-28', 'tomorrow', 2),
        text('late', '2026-11-20', 'overdue', 0),
        text('a', '2026-11-28', 'tomorrow', 1),
        text('far', '2027-01-01', 'later', 9),
      ],
      TODAY,
    );
    expect(sections.at(0)).toMatchObject({ key: 'overdue', day: null });
    expect(sections.at(-1)).toMatchObject({ key: 'later', day: null });
    // Within a day, by target date.
    expect(sections.find((section) => section.key === '2026-11-28')?.items.map((item) => item._id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('moves a text to another day at the same time of day, into that day’s section', () => {
    // 10:00 in Paris on 28 November (UTC+1).
    const item = text('x', '2026-11-28', 'tomorrow', Date.UTC(2026, 10, 28, 9, 0));
    const moved = movedToDay(item, '2026-12-01', TODAY, ZONE);
    expect(moved).toMatchObject({
      day: '2026-12-01',
      group: 'day',
      priorityTargetDate: Date.UTC(2026, 11, 1, 9, 0),
    });
    expect(movedToDay(item, TODAY, TODAY, ZONE).group).toBe('today');
  });
});
