import { startOfDayIn } from '@nestbox/shared/organizer/grouping';

/** dd-MMM-yyyy, or dd-MMM-yy when `short` (SPEC §9), in the user's time zone and language. */
export function formatShortDate(instant: number, timeZone: string, locale: string, short = false): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: short ? '2-digit' : 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value.replace(/\.$/, '') ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** A day group's header, e.g. 'Tuesday 24 November 2026', from its yyyy-MM-dd key. */
export function formatDayHeader(day: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(startOfDayIn(day, timeZone));
}
