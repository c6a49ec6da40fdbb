import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayKey,
  groupPrioritised,
  isOverdue,
  organizerGroupOf,
  startOfDayIn,
  todayBounds,
} from './grouping.js';

const ZONES = ['Europe/London', 'America/Los_Angeles', 'Pacific/Auckland'] as const;
/** 2025–2028: several daylight-saving changes in every zone. */
const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) });
const zone = fc.constantFrom(...ZONES);

/** One formatter per zone: making one is far dearer than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** An independent oracle for the local calendar day: Intl, not date-fns. */
function intlDay(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

describe('Today and overdue in the user time zone', () => {
  it('knows the local day of any instant, across DST changes', () => {
    fc.assert(
      fc.property(instant, zone, (ms, tz) => {
        expect(dayKey(ms, tz)).toBe(intlDay(ms, tz));
      }),
    );
  });

  it('bounds today exactly: the first and last millisecond share the day, their neighbours do not', () => {
    fc.assert(
      fc.property(instant, zone, (now, tz) => {
        const { start, end } = todayBounds(now, tz);
        expect(start).toBeLessThanOrEqual(now);
        expect(end).toBeGreaterThanOrEqual(now);
        expect(intlDay(start, tz)).toBe(intlDay(now, tz));
        expect(intlDay(end, tz)).toBe(intlDay(now, tz));
        expect(intlDay(start - 1, tz)).not.toBe(intlDay(now, tz));
        expect(intlDay(end + 1, tz)).not.toBe(intlDay(now, tz));
        // A local day lasts 23, 24 or 25 hours.
        expect([23, 24, 25]).toContain(Math.round((end + 1 - start) / 3_600_000));
      }),
    );
  });

  it('puts a target up to the end of today in Today, later ones on their day, and flags overdue ones', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.integer({ min: -40, max: 40 }).map((d) => d * 3_600_000 * 5),
        (now, tz, offset) => {
          const target = now + offset;
          const group = organizerGroupOf({ markedAsForToday: false, priorityTargetDate: target }, now, tz);
          const { start, end } = todayBounds(now, tz);
          if (target <= end) expect(group).toBe('today');
          else expect(group).toBe(`day:${intlDay(target, tz)}`);
          expect(isOverdue(target, now, tz)).toBe(target < start);
        },
      ),
    );
  });

  it('keeps bounds exact when one zone is asked again and again, hour by hour, between the others', () => {
    // Three days around London's and Los Angeles' spring change and Auckland's autumn one.
    for (const from of [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 28), Date.UTC(2026, 3, 4)])
      for (let now = from; now < from + 3 * 86_400_000; now += 3_600_000 - 1)
        for (const tz of ZONES) {
          const { start, end } = todayBounds(now, tz);
          expect(intlDay(start, tz)).toBe(intlDay(now, tz));
          expect(intlDay(end, tz)).toBe(intlDay(now, tz));
          expect(intlDay(start - 1, tz)).not.toBe(intlDay(now, tz));
          expect(intlDay(end + 1, tz)).not.toBe(intlDay(now, tz));
        }
  });

  it('handles the DST days themselves', () => {
    // Clocks go forward in London on 29 March 2026 at 01:00 UTC; that day has 23 hours.
    const { start, end } = todayBounds(Date.UTC(2026, 2, 29, 12), 'Europe/London');
    expect(new Date(start).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-03-29T22:59:59.999Z');
    // Auckland goes back on 5 April 2026: a 25-hour day.
    const nz = todayBounds(Date.UTC(2026, 3, 5, 0), 'Pacific/Auckland');
    expect((nz.end + 1 - nz.start) / 3_600_000).toBe(25);
  });

  it('puts marked items in Today, and items with no date and no mark in Undated', () => {
    const now = Date.UTC(2026, 5, 1, 12);
    expect(
      organizerGroupOf({ markedAsForToday: true, priorityTargetDate: now + 9e9 }, now, 'Europe/London'),
    ).toBe('today');
    expect(
      organizerGroupOf({ markedAsForToday: false, priorityTargetDate: null }, now, 'Europe/London'),
    ).toBe('undated');
  });
});

describe('groupPrioritised', () => {
  const item = fc.record({
    priority: fc.double({ min: 1, max: 1e6, noNaN: true }),
    markedAsForToday: fc.boolean(),
    priorityTargetDate: fc.option(instant, { nil: null }),
  });

  it('orders Today, dated days ascending, then Undated; each item once, by priority within its group', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), instant, zone, (items, now, tz) => {
        const groups = groupPrioritised(items, now, tz);
        expect(groups.flatMap((g) => g.items)).toHaveLength(items.length);
        const keys = groups.map((g) => g.key);
        const days = keys.filter((k) => k.startsWith('day:'));
        expect(keys).toEqual([
          ...(keys.includes('today') ? ['today'] : []),
          ...[...days].sort(),
          ...(keys.includes('undated') ? ['undated'] : []),
        ]);
        for (const group of groups) {
          const priorities = group.items.map((i) => i.priority);
          expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
          for (const member of group.items) expect(organizerGroupOf(member, now, tz)).toBe(group.key);
        }
      }),
    );
  });
});

describe('the start of a day group', () => {
  it('is the first millisecond of that local day, across DST changes', () => {
    fc.assert(
      fc.property(instant, zone, (ms, tz) => {
        const day = dayKey(ms, tz);
        const start = startOfDayIn(day, tz);
        expect(start).toBe(todayBounds(ms, tz).start);
        expect(dayKey(start, tz)).toBe(day);
        expect(dayKey(start - 1, tz)).not.toBe(day);
      }),
    );
  });
});
