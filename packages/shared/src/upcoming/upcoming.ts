import { dayKey } from '../organizer/grouping.js';

/**
 * The Upcoming view's groups, in display order: Overdue (before today), Today, Tomorrow, one
 * group for each of the days after tomorrow up to UPCOMING_DAYS_AHEAD days from today, then
 * Later. Days are calendar days in the person's time zone.
 */
export const UPCOMING_GROUPS = ['overdue', 'today', 'tomorrow', 'day', 'later'] as const;
export type UpcomingGroup = (typeof UPCOMING_GROUPS)[number];

/** How many days after today have a group of their own (Tomorrow and the six days after it). */
export const UPCOMING_DAYS_AHEAD = 7;

/** The calendar day (yyyy-MM-dd) `days` after `day`, counted on the calendar, not in hours. */
export function dayAfter(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Today (yyyy-MM-dd) and each day with a group of its own after it: the days a text can be moved to. */
export function upcomingDays(today: string): string[] {
  return Array.from({ length: UPCOMING_DAYS_AHEAD + 1 }, (_, offset) => dayAfter(today, offset));
}

/** The group of a text whose target date falls on `day` (yyyy-MM-dd), when today is `today`. */
export function upcomingGroupOfDay(day: string, today: string): UpcomingGroup {
  if (day < today) return 'overdue';
  if (day === today) return 'today';
  if (day === dayAfter(today, 1)) return 'tomorrow';
  return day <= dayAfter(today, UPCOMING_DAYS_AHEAD) ? 'day' : 'later';
}

/** A target date's group and calendar day (yyyy-MM-dd) in the person's time zone. */
export function upcomingPlaceOf(
  targetDate: number,
  now: number,
  timeZone: string,
): { group: UpcomingGroup; day: string } {
  const day = dayKey(targetDate, timeZone);
  return { group: upcomingGroupOfDay(day, dayKey(now, timeZone)), day };
}
