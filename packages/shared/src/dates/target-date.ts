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

/** The calendar day (yyyy-MM-dd) a stored target date shows as, in a time zone. */
export function dayOfTargetDate(targetDate: number, timeZone: string): string {
  return dayKey(targetDate, timeZone);
}
