import { TZDate } from '@date-fns/tz';
import { dayKey } from '../organizer/grouping.js';

/**
 * A target date is a calendar day; it is stored as the start of that day in the time zone of
 * the person who picked it (UTC ms), so the Organizer's 'today' and day groups see that day.
 */
export function targetDateFromDay(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new TZDate(year ?? 1970, (month ?? 1) - 1, date ?? 1, timeZone).getTime();
}

/**
 * A target date with a time of day: that wall-clock time on that day in the time zone. A time
 * that does not exist (the spring-forward gap) moves forward by the gap (02:30 → 03:30 in
 * Paris); one that happens twice (fall-back) takes the later, winter offset — as reminders do.
 */
export function targetDateAtTime(day: string, hour: number, minute: number, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new TZDate(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour, minute, timeZone).getTime();
}

/** How far a time zone is ahead of UTC at an instant, in minutes (Paris in summer: 120). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return -new TZDate(instant, timeZone).getTimezoneOffset();
}

/** The calendar day (yyyy-MM-dd) a stored target date shows as, in a time zone. */
export function dayOfTargetDate(targetDate: number, timeZone: string): string {
  return dayKey(targetDate, timeZone);
}
