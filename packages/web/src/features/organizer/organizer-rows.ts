import type { OrderDirection, UnprioritizedOrderColumn } from '@nestbox/shared/constants';
import {
  dayKey,
  groupPrioritised,
  type OrganizerGroupKey,
  organizerGroupOf,
  startOfDayIn,
  todayBounds,
} from '@nestbox/shared/organizer/grouping';
import { compareUnprioritised } from '@nestbox/shared/organizer/ordering';
import type { OrganizerItem, UpdatePriorityBody } from '@nestbox/shared/organizer/organizer.schema';
import { priorityBetween } from '@nestbox/shared/organizer/priority';

/** A line of the Prioritized list: a group marker (Today, a day, Undated) or an item. */
export type PrioritizedRow =
  | { kind: 'group'; id: string; group: OrganizerGroupKey; empty: boolean }
  | { kind: 'item'; id: string; group: OrganizerGroupKey; item: OrganizerItem; overdue: boolean };

/**
 * The Prioritized list as flat rows, grouped by the shared rule: the Today marker first, each
 * dated day, then the Undated marker; Today and Undated show even when empty, so that an
 * item can always be dropped into them.
 */
export function prioritizedRows(
  items: readonly OrganizerItem[],
  now: number,
  timeZone: string,
): PrioritizedRow[] {
  const ranked = items.filter((item): item is OrganizerItem & { priority: number } => item.priority !== null);
  const groups = groupPrioritised(ranked, now, timeZone);
  // Overdue: before the start of today (the shared rule isOverdue), worked out once for all rows.
  const startOfToday = todayBounds(now, timeZone).start;
  if (!groups.some((group) => group.key === 'today')) groups.unshift({ key: 'today', items: [] });
  if (!groups.some((group) => group.key === 'undated')) groups.push({ key: 'undated', items: [] });
  return groups.flatMap(({ key, items: grouped }) => [
    { kind: 'group' as const, id: `group:${key}`, group: key, empty: grouped.length === 0 },
    ...grouped.map((item) => ({
      kind: 'item' as const,
      id: item._id,
      group: key,
      item,
      overdue: item.priorityTargetDate !== null && item.priorityTargetDate < startOfToday,
    })),
  ]);
}

/** The Unprioritized list: items without a priority, in the user's chosen order (the server pages in it too). */
export function unprioritizedRows(
  items: readonly OrganizerItem[],
  column: UnprioritizedOrderColumn,
  dir: OrderDirection,
): OrganizerItem[] {
  return items.filter((item) => item.priority === null).sort(compareUnprioritised(column, dir));
}

/**
 * Ranking an Unprioritized item from the keyboard: it joins the Prioritized group its Today
 * mark and target date put it in (shared rule), after that group's last item, and keeps its
 * date.
 */
export function rankAtEndOfGroup(
  rows: readonly PrioritizedRow[],
  item: OrganizerItem,
  now: number,
  timeZone: string,
): { body: UpdatePriorityBody; needsReindex: boolean } {
  const group = organizerGroupOf(item, now, timeZone);
  const last = rows.findLast((row) => row.kind === 'item' && row.group === group && row.id !== item._id);
  const { priority, needsReindex } = priorityBetween(last?.kind === 'item' ? last.item.priority : null, null);
  return { body: { itemId: item._id, priority }, needsReindex };
}

/**
 * What dropping `item` at `index` of the Prioritized rows means (the rows it was dragged
 * from excluded): its group is the one of the row just above, its priority lies between its
 * new neighbours in that group (shared rule), and the group sets the Today mark or the
 * target date.
 */
export function dropIntoPrioritized(
  rows: readonly PrioritizedRow[],
  item: OrganizerItem,
  index: number,
  now: number,
  timeZone: string,
): { body: UpdatePriorityBody; needsReindex: boolean } {
  const others = rows.filter((row) => row.id !== item._id);
  // Above the Today marker still means the top of Today.
  const at = Math.max(index, 1);
  const above = others[at - 1];
  const below = others[at];
  const group: OrganizerGroupKey = above?.group ?? 'today';
  const neighbour = (row: PrioritizedRow | undefined) =>
    row?.kind === 'item' && row.group === group ? row.item.priority : null;
  const { priority, needsReindex } = priorityBetween(neighbour(above), neighbour(below));

  const body: UpdatePriorityBody = { itemId: item._id, priority };
  const wasIn = item.priority === null ? null : organizerGroupOf(item, now, timeZone);
  if (group === 'today') {
    if (wasIn !== 'today') body.markedAsForToday = true;
  } else {
    if (item.markedAsForToday) body.markedAsForToday = false;
    const target = item.priorityTargetDate;
    if (group === 'undated') {
      if (target !== null) body.priorityTargetDate = null;
    } else {
      const day = group.slice('day:'.length);
      if (target === null || dayKey(target, timeZone) !== day)
        body.priorityTargetDate = startOfDayIn(day, timeZone);
    }
  }
  return { body, needsReindex };
}
