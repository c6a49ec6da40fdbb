import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneOffsetMinutes } from '../dates/wall-time.js';
import {
  BEFORE_AFTER_ON,
  nextFireAfter,
  occurrence,
  occurrenceAtOrAfter,
  planNextFire,
  REMINDER_UNITS,
  type ReminderRule,
  reminderNumberOrDefault,
  sanitizeReminderNumber,
  shiftInZone,
} from './fire-time.js';

const LONDON = 'Europe/London';
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const rule = (r: Partial<ReminderRule>): ReminderRule => ({
  numberOf: 1,
  unit: 'days',
  beforeAfterOn: 'before',
  repeat: false,
  ...r,
});

// Sunday 29 March 2026, 01:00 GMT → 02:00 BST; Sunday 25 October 2026, 02:00 BST → 01:00 GMT.
const target = Date.UTC(2026, 2, 29, 8); // Sunday 29 March 09:00 BST

describe('reminder fire times', () => {
  it('moves minutes and hours by exact durations, across a DST change too', () => {
    expect(occurrence(target, rule({ numberOf: 5, unit: 'minutes' }), LONDON)).toBe(target - 5 * MIN);
    expect(occurrence(target, rule({ numberOf: 30, unit: 'hours' }), LONDON)).toBe(target - 30 * HOUR);
    expect(occurrence(target, rule({ numberOf: 2, unit: 'hours', beforeAfterOn: 'after' }), LONDON)).toBe(
      target + 2 * HOUR,
    );
  });

  it('keeps the wall-clock time for days, weeks and years across a DST change', () => {
    // 09:00 BST on 29 March, one day before: 09:00 GMT on 28 March = 23 real hours earlier.
    expect(occurrence(target, rule({ numberOf: 1, unit: 'days' }), LONDON)).toBe(Date.UTC(2026, 2, 28, 9));
    expect(occurrence(target, rule({ numberOf: 1, unit: 'weeks' }), LONDON)).toBe(Date.UTC(2026, 2, 22, 9));
    expect(occurrence(target, rule({ numberOf: 1, unit: 'years' }), LONDON)).toBe(Date.UTC(2025, 2, 29, 9));
    const autumn = Date.UTC(2026, 9, 24, 8); // Saturday 24 October 09:00 BST
    expect(occurrence(autumn, rule({ unit: 'days', beforeAfterOn: 'after' }), LONDON)).toBe(
      Date.UTC(2026, 9, 25, 9), // Sunday 09:00 GMT: 25 real hours later
    );
    expect(occurrence(target, rule({ unit: 'days' }), 'UTC')).toBe(target - DAY);
  });

  it('moves a wall-clock time that does not exist forward by the gap', () => {
    const halfPastOne = Date.UTC(2026, 2, 30, 0, 30); // 01:30 BST on 30 March
    // 01:30 on 29 March does not exist in London: 02:30 BST.
    expect(shiftInZone(halfPastOne, -1, 'days', LONDON)).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });

  it('takes the later (winter) offset for a wall-clock time that happens twice', () => {
    const halfPastOne = Date.UTC(2026, 9, 24, 0, 30); // 01:30 BST on 24 October
    expect(shiftInZone(halfPastOne, 1, 'days', LONDON)).toBe(Date.UTC(2026, 9, 25, 1, 30)); // 01:30 GMT
  });

  it("fires 'on' the target date itself, ignoring the amount without repeat", () => {
    expect(occurrence(target, rule({ numberOf: 7, unit: 'weeks', beforeAfterOn: 'on' }), LONDON)).toBe(
      target,
    );
    expect(planNextFire(target, rule({ beforeAfterOn: 'on' }), LONDON, target - 1)).toBe(target);
    expect(planNextFire(target, rule({ beforeAfterOn: 'on' }), LONDON, target + 1)).toBeNull();
  });

  it('never plans a single occurrence that is already past, nor one without a target date', () => {
    expect(planNextFire(target, rule({}), LONDON, target - 2 * DAY)).toBe(Date.UTC(2026, 2, 28, 9));
    expect(planNextFire(target, rule({}), LONDON, target - HOUR)).toBeNull();
    expect(planNextFire(null, rule({}), LONDON, 0)).toBeNull();
  });

  it('plans nothing from a stored target date out of range', () => {
    const broken = 8_640_000_000_000_001;
    const daily = rule({ beforeAfterOn: 'on', repeat: true, unit: 'days' });
    expect(planNextFire(broken, rule({}), LONDON, 0)).toBeNull();
    expect(planNextFire(broken, daily, LONDON, 0)).toBeNull();
    expect(nextFireAfter(broken, daily, LONDON, 0, 0)).toBeNull();
  });

  it('repeats an on reminder every numberOf units after the target date, in the zone', () => {
    const daily = rule({ beforeAfterOn: 'on', repeat: true, numberOf: 2, unit: 'days' });
    const before = Date.UTC(2026, 2, 27, 9); // Friday 27 March 09:00 GMT
    expect(nextFireAfter(before, daily, LONDON, before, before)).toBe(Date.UTC(2026, 2, 29, 8)); // 09:00 BST
    expect(occurrenceAtOrAfter(before, daily, LONDON, before + 30 * DAY)).toBe(Date.UTC(2026, 3, 28, 8));
    const every90Minutes = rule({ beforeAfterOn: 'on', repeat: true, numberOf: 90, unit: 'minutes' });
    expect(nextFireAfter(target, every90Minutes, LONDON, target, target + 5_000)).toBe(target + 90 * MIN);
  });

  it('ignores repeat for before and after', () => {
    const r = rule({ repeat: true });
    expect(nextFireAfter(target, r, LONDON, occurrence(target, r, LONDON), target - 2 * HOUR)).toBeNull();
  });

  it('collapses repeats missed while down into the one that fires', () => {
    const hourly = rule({ beforeAfterOn: 'on', repeat: true, unit: 'hours' });
    expect(nextFireAfter(target, hourly, LONDON, target, target + 5 * HOUR + 1)).toBe(target + 6 * HOUR);
  });

  it('keeps 29 February as 28 February in other years', () => {
    const leap = Date.UTC(2028, 1, 29, 12);
    const yearly = rule({ beforeAfterOn: 'on', repeat: true, unit: 'years' });
    expect(occurrence(leap, yearly, 'UTC', 1)).toBe(Date.UTC(2029, 1, 28, 12));
    expect(occurrence(leap, yearly, 'UTC', 4)).toBe(Date.UTC(2032, 1, 29, 12));
  });

  it('reads the number field as SPEC §5 says, falling back to 1', () => {
    expect(['1', '42', '999'].map(reminderNumberOrDefault)).toEqual([1, 42, 999]);
    expect(['', '0', '07', '1000', '-1', '1.5', 'a'].map(reminderNumberOrDefault)).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('keeps only what the number field may hold while typing', () => {
    expect(['0', '007', '12a3', '1234', ' 5 ', '-2', '1.5'].map(sanitizeReminderNumber)).toEqual([
      '',
      '7',
      '123',
      '123',
      '5',
      '2',
      '15',
    ]);
  });

  const zones = fc.constantFrom(
    'Europe/London',
    'America/New_York',
    'Australia/Sydney',
    'Asia/Kolkata',
    'UTC',
  );
  const anyRule = fc.record({
    numberOf: fc.integer({ min: 1, max: 999 }),
    unit: fc.constantFrom(...REMINDER_UNITS),
    beforeAfterOn: fc.constantFrom(...BEFORE_AFTER_ON),
    repeat: fc.boolean(),
  });
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) });

  it('property: the planned time is the first occurrence at or after now', () => {
    fc.assert(
      fc.property(
        instant,
        anyRule,
        zones,
        fc.integer({ min: -5 * 365, max: 5 * 365 }),
        (t, r, zone, days) => {
          const now = t + days * DAY;
          const next = planNextFire(t, r, zone, now);
          if (next === null) {
            expect(r.repeat && r.beforeAfterOn === 'on').toBe(false);
            expect(occurrence(t, r, zone)).toBeLessThan(now);
            return;
          }
          expect(next).toBeGreaterThanOrEqual(now);
          if (r.beforeAfterOn !== 'on' || !r.repeat) expect(next).toBe(occurrence(t, r, zone));
          else {
            // It is an occurrence, and the one before it (if any) is before now.
            let k = 0;
            while (occurrence(t, r, zone, k) < next) k += 1;
            expect(occurrence(t, r, zone, k)).toBe(next);
            if (k > 0) expect(occurrence(t, r, zone, k - 1)).toBeLessThan(now);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moves a time a DST gap swallows forward by the gap', () => {
    // 02:00 in Sydney, 479 days on: 6 October 2013, when 02:00 becomes 03:00.
    const twoAm = Date.UTC(2012, 5, 13, 16);
    const after = occurrence(
      twoAm,
      rule({ numberOf: 479, unit: 'days', beforeAfterOn: 'after' }),
      'Australia/Sydney',
    );
    expect(after).toBe(Date.UTC(2013, 9, 5, 16)); // 03:00 AEDT
  });

  it('property: before and after are mirror images, and calendar steps keep the local time of day', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom('days', 'weeks'),
        zones,
        (t, n, unit, zone) => {
          const after = occurrence(t, rule({ numberOf: n, unit, beforeAfterOn: 'after' }), zone);
          const before = occurrence(t, rule({ numberOf: n, unit, beforeAfterOn: 'before' }), zone);
          expect(before).toBeLessThan(t);
          expect(after).toBeGreaterThan(t);
          const timeOfDay = (ms: number) =>
            new Intl.DateTimeFormat('en-GB', {
              timeZone: zone,
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            }).format(ms);
          const days = unit === 'days' ? n : 7 * n;
          // Same local time, unless that time does not exist on the day it lands on (a DST gap):
          // it then moves forward by the gap, so the zone's offset changes right there.
          if (Math.abs(after - t - days * DAY) <= 2 * HOUR) {
            const same = timeOfDay(after) === timeOfDay(t);
            const gapThere =
              zoneOffsetMinutes(after - 2 * HOUR, zone) !== zoneOffsetMinutes(after + 2 * HOUR, zone);
            expect(same || gapThere, `${new Date(t).toISOString()} + ${days} days in ${zone}`).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
