import type { UserLocale } from '../i18n/locales.js';
import { dayKey, isOverdue } from '../organizer/grouping.js';
import { formatDate } from './format-date.js';
import { instantOfWallTime, wallTimeOf } from './wall-time.js';

/**
 * How a target date shows, one rule per place:
 *
 * - on a row (pane rows, search results, the Organizer's rows and its Created column): a chip,
 *   relative to today in the person's zone — "Today", "Tomorrow", "Yesterday", the weekday
 *   within the coming week, else "Fri 4 Dec" ("Fri 4 Dec 2027" in another year) — followed by
 *   the time ("Tomorrow 10:00") when the date has one;
 * - standing alone (the Organizer's day headings, Item settings' date field): the long date,
 *   "Friday 4 December 2026".
 *
 * The SPEC's dd-MMM-yyyy (`formatSpecDate`) stays for the stamps of records (created,
 * archived, expiry), which are not target dates.
 */

const DAY_MS = 86_400_000;

/** Where a date is shown. */
export interface DateContext {
  /** The current instant (UTC ms): the server's or the page's clock. */
  now: number;
  /** The person's time zone (IANA). */
  timeZone: string;
  locale: UserLocale;
}

/** The first letter upper case: a chip or heading begins with the date ("demain" → "Demain"). */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Whole calendar days from today to the day of `at`, in the zone (negative in the past). */
export function daysFromToday(at: number, now: number, timeZone: string): number {
  const dayMs = (key: string) => Date.parse(`${key}T00:00:00Z`);
  return Math.round((dayMs(dayKey(at, timeZone)) - dayMs(dayKey(now, timeZone))) / DAY_MS);
}

/**
 * Does a target date carry a time of day? As recorded when it was set (`recorded`, so 00:00 can
 * be a time); for a date set before that was recorded (null), a date-only target is stored as
 * the first instant of its day in the zone (see `targetDateFromDay`) and anything else is a time.
 */
export function targetHasTime(target: number, timeZone: string, recorded: boolean | null = null): boolean {
  if (recorded !== null) return recorded;
  const { year, month, day } = wallTimeOf(target, timeZone);
  return instantOfWallTime({ year, month, day }, timeZone) !== target;
}

/** The time of day of a target date as the 24-hour clock shows it ("09:30"), or null for a date only. */
export function timeOfTargetDate(
  target: number,
  timeZone: string,
  recorded: boolean | null = null,
): string | null {
  if (!targetHasTime(target, timeZone, recorded)) return null;
  const { hour, minute } = wallTimeOf(target, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Reads "HH:mm" (24-hour clock); null for anything else. */
export function readTimeOfDay(text: string): { hour: number; minute: number } | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/**
 * The target date moved to another day (yyyy-MM-dd), keeping its time of day: a date picked
 * again never loses the time the item had (`recorded`: whether it has one, as `targetHasTime`).
 */
export function targetDateOnDay(
  previous: number | null,
  day: string,
  timeZone: string,
  recorded: boolean | null = null,
): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const time =
    previous === null || !targetHasTime(previous, timeZone, recorded) ? null : wallTimeOf(previous, timeZone);
  return instantOfWallTime(
    { year, month, day: date, hour: time?.hour ?? 0, minute: time?.minute ?? 0 },
    timeZone,
  );
}

/** A target date as update-item takes it, with whether it carries a time; null clears it. */
export type TargetDateChange = { priorityTargetDate: number; targetHasTime: boolean } | null;

/**
 * An item's target date moved to another day (yyyy-MM-dd), as update-item takes it: on that
 * day at the time of day it had, and whether it has one (a day alone stays a day alone, and
 * an undated item gets the day alone).
 */
export function targetDateMovedTo(
  item: { priorityTargetDate: number | null; targetHasTime: boolean | null },
  day: string,
  timeZone: string,
): { priorityTargetDate: number; targetHasTime: boolean } {
  const previous = item.priorityTargetDate;
  return {
    priorityTargetDate: targetDateOnDay(previous, day, timeZone, item.targetHasTime),
    targetHasTime: previous !== null && targetHasTime(previous, timeZone, item.targetHasTime),
  };
}

/**
 * The target date at another time of day ("HH:mm"), on the same day; with null, the date only.
 * A time that does not exist that day moves forward by the gap, as `instantOfWallTime` says.
 */
export function targetDateAtTimeOfDay(target: number, time: string | null, timeZone: string): number {
  const { year, month, day } = wallTimeOf(target, timeZone);
  const read = time === null ? null : readTimeOfDay(time);
  return instantOfWallTime({ year, month, day, hour: read?.hour ?? 0, minute: read?.minute ?? 0 }, timeZone);
}

/**
 * The day on a row: "Today", "Tomorrow", "Yesterday", the weekday within the coming week, else
 * "Fri 4 Dec" (with the year when it is not this year). Also the day of a stamp shown on a row
 * (the Organizer's Created column), whose time is not the point.
 */
export function formatDayChip(at: number, { now, timeZone, locale }: DateContext): string {
  const days = daysFromToday(at, now, timeZone);
  if (days >= -1 && days <= 1)
    return capitalised(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day'));
  if (days > 1 && days < 7) return capitalised(formatDate(at, timeZone, locale, 'EEEE'));
  const sameYear = formatDate(at, timeZone, locale, 'yyyy') === formatDate(now, timeZone, locale, 'yyyy');
  return capitalised(formatDate(at, timeZone, locale, sameYear ? 'EEE d MMM' : 'EEE d MMM yyyy'));
}

/**
 * A target date on a row: its day (`formatDayChip`), then " 10:00" when it has a time
 * (`recorded`, as `targetHasTime` reads it).
 */
export function formatDateChip(at: number, context: DateContext, recorded: boolean | null = null): string {
  const day = formatDayChip(at, context);
  const time = timeOfTargetDate(at, context.timeZone, recorded);
  return time === null ? day : `${day} ${time}`;
}

/** A date standing alone (a heading, a field): "Friday 4 December 2026", in the person's zone. */
export function formatLongDate(at: number, timeZone: string, locale: UserLocale): string {
  return capitalised(formatDate(at, timeZone, locale, 'EEEE d MMMM yyyy'));
}

/** Overdue, on a row: an open item whose target date is before today in the person's zone. */
export function isOverdueTarget(
  target: number | null,
  completed: boolean,
  { now, timeZone }: Pick<DateContext, 'now' | 'timeZone'>,
): boolean {
  return !completed && isOverdue(target, now, timeZone);
}

/**
 * Does a row show its date? Everywhere a dated row does, except in a list of today's items,
 * where every row is today's: there only a repeating item shows it (its next occurrence).
 */
export function rowShowsDate(
  target: number | null,
  { repeats, todayList = false }: { repeats: boolean; todayList?: boolean },
): boolean {
  return target !== null && (!todayList || repeats);
}
