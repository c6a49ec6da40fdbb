import { startOfDayIn } from '@nestbox/shared/organizer/grouping';

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
