import { startOfDayIn } from '@nestbox/shared/organizer/grouping';

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one: rows scrolling in share them. */
function shortFormat(timeZone: string, locale: string, short: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${short}`;
  let format = shortFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: short ? '2-digit' : 'numeric',
    });
    shortFormats.set(key, format);
  }
  return format;
}

/** dd-MMM-yyyy, or dd-MMM-yy when `short` (SPEC §9), in the user's time zone and language. */
export function formatShortDate(instant: number, timeZone: string, locale: string, short = false): string {
  const parts = shortFormat(timeZone, locale, short).formatToParts(instant);
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
