import { addOnWallClock, instantOfWallTime, wallTimeOf } from '../dates/wall-time.js';

/** Where a prioritised item shows in the Organizer (SPEC §4). */
export type OrganizerGroupKey = 'today' | 'undated' | `day:${string}`;

export interface Prioritised {
  priority: number;
  markedAsForToday: boolean;
  /** Target date, UTC ms. */
  priorityTargetDate: number | null;
}

/** The last day worked out for each time zone: every instant inside it has the same bounds. */
const lastDayIn = new Map<string, Readonly<{ start: number; end: number }>>();

/**
 * Start and end (inclusive, UTC ms) of the user's today in their time zone. The time-zone
 * maths is slow next to a read of the Organizer, so each zone's last answer is kept and given
 * again for any instant that falls inside it.
 */
export function todayBounds(now: number, timeZone: string): Readonly<{ start: number; end: number }> {
  const known = lastDayIn.get(timeZone);
  if (known && known.start <= now && now <= known.end) return known;
  const { year, month, day } = wallTimeOf(now, timeZone);
  const start = instantOfWallTime({ year, month, day }, timeZone);
  const bounds = Object.freeze({ start, end: addOnWallClock(start, 1, 'days', timeZone) - 1 });
  lastDayIn.set(timeZone, bounds);
  return bounds;
}

/** The calendar day (yyyy-MM-dd) an instant falls on in a time zone. */
export function dayKey(instant: number, timeZone: string): string {
  const { year, month, day } = wallTimeOf(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Overdue: the target date is before the start of today in the user's time zone. */
export function isOverdue(targetDate: number | null, now: number, timeZone: string): boolean {
  return targetDate !== null && targetDate < todayBounds(now, timeZone).start;
}

/**
 * Today: marked for today, or a target date at or before the end of today (so overdue items
 * are Today too); a later target date groups by its day; no date and no mark: Undated.
 */
export function organizerGroupOf(
  item: Omit<Prioritised, 'priority'>,
  now: number,
  timeZone: string,
): OrganizerGroupKey {
  if (item.markedAsForToday) return 'today';
  if (item.priorityTargetDate === null) return 'undated';
  if (item.priorityTargetDate <= todayBounds(now, timeZone).end) return 'today';
  return `day:${dayKey(item.priorityTargetDate, timeZone)}`;
}

/**
 * The Prioritized list's groups in display order: Today, then each dated day ascending, then
 * Undated (empty groups left out); items within a group by priority.
 *
 * Linear after the sort, and the time-zone maths is done once per call (today's end) and
 * once per distinct target date, not per item: the list may hold thousands.
 */
export function groupPrioritised<T extends Prioritised>(
  items: readonly T[],
  now: number,
  timeZone: string,
): { key: OrganizerGroupKey; items: T[] }[] {
  const endOfToday = todayBounds(now, timeZone).end;
  const days = new Map<number, OrganizerGroupKey>();
  const groupOf = (item: T): OrganizerGroupKey => {
    if (item.markedAsForToday) return 'today';
    const target = item.priorityTargetDate;
    if (target === null) return 'undated';
    if (target <= endOfToday) return 'today';
    let key = days.get(target);
    if (key === undefined) {
      key = `day:${dayKey(target, timeZone)}`;
      days.set(target, key);
    }
    return key;
  };
  const groups = new Map<OrganizerGroupKey, T[]>();
  for (const item of [...items].sort((a, b) => a.priority - b.priority)) {
    const key = groupOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const rank = (key: OrganizerGroupKey) => (key === 'today' ? '0' : key === 'undated' ? '2' : `1${key}`);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a).localeCompare(rank(b)))
    .map(([key, grouped]) => ({ key, items: grouped }));
}

/** The first instant (UTC ms) of a calendar day (yyyy-MM-dd) in a time zone: a day group's target date. */
export function startOfDayIn(day: string, timeZone: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return instantOfWallTime({ year, month, day: date }, timeZone);
}
