import { describe, expect, it } from 'vitest';
import { dayAfter, upcomingDays, upcomingGroupOfDay, upcomingPlaceOf } from './upcoming.js';

const PARIS = 'Europe/Paris';

describe('upcoming groups', () => {
  it('names the days around today, counting calendar days across a month and a year', () => {
    const today = '2026-12-30';
    expect(upcomingGroupOfDay('2026-12-29', today)).toBe('overdue');
    expect(upcomingGroupOfDay('2026-12-30', today)).toBe('today');
    expect(upcomingGroupOfDay('2026-12-31', today)).toBe('tomorrow');
    expect(upcomingGroupOfDay('2027-01-06', today)).toBe('day');
    expect(upcomingGroupOfDay('2027-01-07', today)).toBe('later');
    expect(upcomingDays(today)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
    ]);
    expect(dayAfter('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('places a target date by the person’s zone, not by UTC', () => {
    // 23:30 UTC on 28 March 2026 is already 29 March in Paris.
    const now = Date.UTC(2026, 2, 28, 23, 30);
    expect(upcomingPlaceOf(Date.UTC(2026, 2, 28, 23, 0), now, PARIS)).toEqual({
      group: 'today',
      day: '2026-03-29',
    });
    expect(upcomingPlaceOf(Date.UTC(2026, 2, 28, 22, 59), now, PARIS)).toEqual({
      group: 'overdue',
      day: '2026-03-28',
    });
  });
});
