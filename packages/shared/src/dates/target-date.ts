import { dayKey } from '../organizer/grouping.js';
import { instantOfWallTime } from './wall-time.js';

export { zoneOffsetMinutes } from './wall-time.js';

/**
 * A target date is a calendar day; it is stored as the start of that day in the time zone of
 * the person who picked it (UTC ms), so the Organizer's 'today' and day groups see that day.
 */
export function targetDateFromDay(day: string, timeZone: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return instantOfWallTime({ year, month, day: date }, timeZone);
}

/**
 * A target date with a time of day: that wall-clock time on that day in the time zone. A time
 * that does not exist (the spring-forward gap) moves forward by the gap (02:30 → 03:30 in
 * Paris); one that happens twice (fall-back) takes the later, winter offset — as reminders do.
 */
export function targetDateAtTime(day: string, hour: number, minute: number, timeZone: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return instantOfWallTime({ year, month, day: date, hour, minute }, timeZone);
}

/** The calendar day (yyyy-MM-dd) a stored target date shows as, in a time zone. */
export function dayOfTargetDate(targetDate: number, timeZone: string): string {
  return dayKey(targetDate, timeZone);
}
