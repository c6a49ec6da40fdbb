import { targetDateMovedTo } from '@nestbox/shared/dates/show-date';
import { type UpcomingGroup, upcomingDays, upcomingGroupOfDay } from '@nestbox/shared/upcoming/upcoming';
import type { UpcomingItem } from '@nestbox/shared/upcoming/upcoming.schema';

/** A group as Upcoming shows it: Overdue, Today, Tomorrow, a named day, or Later. */
export interface UpcomingSection {
  /** `overdue`, `later`, or the day (yyyy-MM-dd) of a day's group. */
  key: string;
  group: UpcomingGroup;
  /** The group's day (yyyy-MM-dd): a text dropped on it moves there. Null for Overdue and Later. */
  day: string | null;
  items: UpcomingItem[];
}

const byDate = (a: UpcomingItem, b: UpcomingItem) =>
  (a.priorityTargetDate ?? 0) - (b.priorityTargetDate ?? 0) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * Upcoming's sections in display order, from its texts (each placed by the server) and the
 * day the server placed them on: Overdue and Later only when they hold something, Today and
 * each day after it up to the last named day always, so that a text can be dropped on any of
 * them. Texts within a section by target date, then id (the server's order).
 */
export function upcomingSections(items: readonly UpcomingItem[], today: string): UpcomingSection[] {
  const days = upcomingDays(today);
  const sections = new Map<string, UpcomingSection>();
  const overdue: UpcomingSection = { key: 'overdue', group: 'overdue', day: null, items: [] };
  const later: UpcomingSection = { key: 'later', group: 'later', day: null, items: [] };
  for (const day of days)
    sections.set(day, { key: day, group: upcomingGroupOfDay(day, today), day, items: [] });
  for (const item of items) {
    const section =
      item.group === 'overdue' ? overdue : item.group === 'later' ? later : sections.get(item.day);
    (section ?? later).items.push(item);
  }
  return [overdue, ...sections.values(), later]
    .filter((section) => section.day !== null || section.items.length > 0)
    .map((section) => ({ ...section, items: section.items.sort(byDate) }));
}

/**
 * A text moved to another day as the server will answer it: its target date on that day at
 * the same time of day, and its new place among the groups.
 */
export function movedToDay(item: UpcomingItem, day: string, today: string, timeZone: string): UpcomingItem {
  return {
    ...item,
    ...targetDateMovedTo(item, day, timeZone),
    day,
    group: upcomingGroupOfDay(day, today),
  };
}
