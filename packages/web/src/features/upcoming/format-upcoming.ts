import { formatDate } from '@nestbox/shared/dates/format-date';
import { timeOfTargetDate } from '@nestbox/shared/dates/show-date';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { startOfDayIn } from '@nestbox/shared/organizer/grouping';
import type { TFunction } from 'i18next';
import type { UpcomingSection } from './upcoming-groups';

/*
 * Every date Upcoming writes is worded here, with the app's one date formatter, so that the
 * way dates read can change in one place.
 */

/** A day (yyyy-MM-dd) as its name and date, 'Sunday 29 November' ('Dimanche 29 novembre'). */
export function dayName(day: string, timeZone: string, locale: UserLocale): string {
  const name = formatDate(startOfDayIn(day, timeZone), timeZone, locale, 'EEEE d MMMM');
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A section's heading, and the date under it when the heading does not say it. */
export function sectionTitle(
  t: TFunction,
  section: UpcomingSection,
  timeZone: string,
  locale: UserLocale,
): { title: string; date: string | null } {
  const date = section.day === null ? null : dayName(section.day, timeZone, locale);
  switch (section.group) {
    case 'overdue':
      return { title: t('upcoming.group.overdue'), date: null };
    case 'today':
      return { title: t('upcoming.group.today'), date };
    case 'tomorrow':
      return { title: t('upcoming.group.tomorrow'), date };
    case 'later':
      return { title: t('upcoming.group.later'), date: null };
    default:
      return { title: date ?? '', date: null };
  }
}

/**
 * What a row shows of its date: the time when it has one, and the day too where its section
 * does not name it (Overdue, Later): '10:00', 'Thu 26 Nov', 'Thu 26 Nov, 10:00'.
 */
export function rowWhen(
  {
    priorityTargetDate: targetDate,
    targetHasTime,
  }: { priorityTargetDate: number; targetHasTime: boolean | null },
  withDay: boolean,
  timeZone: string,
  locale: UserLocale,
): string | null {
  const time = timeOfTargetDate(targetDate, timeZone, targetHasTime);
  if (!withDay) return time;
  const day = formatDate(targetDate, timeZone, locale, 'EEE d MMM');
  return time ? `${day}, ${time}` : day;
}

/** A day as the Move to day menu names it: Today, Tomorrow, then the day's name. */
export function moveTargetName(
  t: TFunction,
  day: string,
  index: number,
  timeZone: string,
  locale: UserLocale,
): string {
  if (index === 0) return t('upcoming.group.today');
  if (index === 1) return t('upcoming.group.tomorrow');
  return dayName(day, timeZone, locale);
}
