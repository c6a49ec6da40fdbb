import { TZDate } from '@date-fns/tz';

/**
 * Wall-clock times in a person's time zone, worked out the same on every machine. Nothing here
 * reads the machine's own zone (no local `Date` getters or setters), so a server or a test run
 * in Paris, New York or UTC gives one answer.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A time on a zone's clock; month 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

/** How far a time zone is ahead of UTC at an instant, in minutes (Paris in summer: 120). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return -new TZDate(instant, timeZone).getTimezoneOffset();
}

/** What a zone's clock shows at an instant. */
export function wallTimeOf(instant: number, timeZone: string): Required<WallTime> {
  const shown = new Date(instant + zoneOffsetMinutes(instant, timeZone) * MINUTE);
  return {
    year: shown.getUTCFullYear(),
    month: shown.getUTCMonth() + 1,
    day: shown.getUTCDate(),
    hour: shown.getUTCHours(),
    minute: shown.getUTCMinutes(),
    second: shown.getUTCSeconds(),
    millisecond: shown.getUTCMilliseconds(),
  };
}

/**
 * The instant a zone's clock shows a wall-clock time. A time the zone skips (the spring-forward
 * gap) moves forward by the gap (02:30 → 03:30 in Paris); one it shows twice (fall-back) takes
 * the later, winter offset. Reminders, repeats and target dates all follow this one rule.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    wall.millisecond ?? 0,
  );
  // A zone changes its offset at most once in a day: the offsets a day either side are the
  // only two this wall time can have been read with.
  const before = zoneOffsetMinutes(asUtc - DAY, timeZone);
  const after = zoneOffsetMinutes(asUtc + DAY, timeZone);
  const readings = [before, after]
    .map((offset) => ({ offset, at: asUtc - offset * MINUTE }))
    .filter(({ offset, at }) => zoneOffsetMinutes(at, timeZone) === offset)
    .map(({ at }) => at);
  return readings.length > 0 ? Math.max(...readings) : asUtc - before * MINUTE;
}

/** Days in a month (month 1–12). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * An instant moved by whole calendar days or years on a zone's clock, keeping its time of day
 * (a DST change in between does not move it). A year from 29 February lands on 28 February.
 */
export function addOnWallClock(
  instant: number,
  amount: number,
  unit: 'days' | 'years',
  timeZone: string,
): number {
  const wall = wallTimeOf(instant, timeZone);
  if (unit === 'days') {
    const moved = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + amount));
    return instantOfWallTime(
      { ...wall, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() },
      timeZone,
    );
  }
  const year = wall.year + amount;
  return instantOfWallTime({ ...wall, year, day: Math.min(wall.day, daysIn(year, wall.month)) }, timeZone);
}
