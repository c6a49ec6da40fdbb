import { formatDate } from '@nestbox/shared/dates/format-date';
import type { UserLocale } from '@nestbox/shared/i18n/locales';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back `relativeTime` speaks in words ("3 days ago"); older instants get a date. */
export const RELATIVE_FOR_MS = 7 * DAY;

/** An instant's date and time, as `relativeTime` writes those past a week ("5 Mar 2026, 14:05"). */
export const DATE_TIME_PATTERN = 'd MMM yyyy, HH:mm';

/**
 * When, as people say it: "5 minutes ago", "yesterday" within a week, then the date and time in
 * the user's zone. Undefined for "just now" (under a minute).
 */
export function relativeTime(
  at: number,
  now: number,
  locale: UserLocale,
  timeZone: string,
): string | undefined {
  const ago = now - at;
  if (Math.abs(ago) < MINUTE) return undefined;
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return words.format(-Math.round(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.round(ago / HOUR), 'hour');
  if (ago < RELATIVE_FOR_MS) return words.format(-Math.round(ago / DAY), 'day');
  return formatDate(at, timeZone, locale, DATE_TIME_PATTERN);
}
