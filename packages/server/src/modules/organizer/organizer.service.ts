import { dateInRangeOrNull } from '@nestbox/shared/dates/date-range';
import { organizerGroupOf } from '@nestbox/shared/organizer/grouping';
import { compareUnprioritised, prioritisedInDisplayOrder } from '@nestbox/shared/organizer/ordering';
import type {
  OrganizerItem,
  OrganizerPage,
  OrganizerQuery,
  UpdatePriorityBody,
} from '@nestbox/shared/organizer/organizer.schema';
import { priorityAtEdge, reindexedPriorities } from '@nestbox/shared/organizer/priority';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { itemSight } from '../access/access.service.js';
import type { PersonalChanges } from '../items/items.contract.js';
import { type ItemsService, presentItem } from '../items/items.service.js';
import { presentUser } from '../users/users.service.js';
import {
  type OrganizerRow,
  organizerRankedKeys,
  organizerRows,
  organizerRowsByIds,
  organizerUnprioritisedKeys,
  type RankedKeys,
  setPriorities,
} from './organizer.repository.js';
import {
  type ListRead,
  prioritisedCandidates,
  type Seen,
  type Slice,
  seenSlice,
  seenThrough,
  unrankedByCreation,
} from './organizer-pages.js';

/** A stored target date out of range groups as no date, as the presenter shows it. */
const asPrioritised = <Row extends RankedKeys | OrganizerRow>(row: Row) => ({
  row,
  priority: row.priority as number,
  priorityTargetDate: dateInRangeOrNull(row.target_date),
  markedAsForToday: row.marked_for_today === 1,
});

/** The parent box shows only when the caller sees it too; otherwise neither its id nor its title. */
const asOrganizerItem = (row: OrganizerRow): OrganizerItem =>
  // Object.assign, not a spread: no second copy of each of thousands of items.
  Object.assign(presentItem(row, row.level), {
    parentItemId: row.visible_parent_id,
    parentTitle: row.parent_title,
  });

/**
 * Reads the Organizer (SPEC §2, §4), whole or a page of each list, each list in its display
 * order, so that a page always continues the one before and the web app draws the first
 * screen of thousands of items at once. A page reads its lists in display order only as far
 * as it goes (organizer-pages.ts), and full rows for its own items only; the Unprioritized
 * list by title is ordered from every item's keys.
 */
export function createOrganizerService({
  db,
  items,
  now,
}: {
  db: Executor;
  items: ItemsService;
  now: Clock;
}) {
  const unprioritisedOrder = (user: UserRow) => {
    const { unprioritizedListOrderBy: column, unprioritizedListOrderByDir: dir } = presentUser(
      user,
      now(),
    ).organizer;
    return { column, dir };
  };

  /** The rows of these items that the caller sees, in that order. */
  async function rowsInOrder(userId: string, ids: readonly string[], seen: Seen): Promise<OrganizerRow[]> {
    const byId = new Map((await seen(await organizerRowsByIds(db, userId, ids))).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The Unprioritized list from `offset` in the user's chosen order. */
  async function unprioritisedSlice(
    user: UserRow,
    list: ListRead,
    seen: Seen,
    offset: number,
    limit: number,
  ): Promise<Slice> {
    const { column, dir } = unprioritisedOrder(user);
    if (column === 'createdDate') return seenSlice(unrankedByCreation(list, dir), seen, offset, limit);
    // By title: every title is needed to order them.
    const keys = (await organizerUnprioritisedKeys(db, user.id, list.tags)).map((row) => ({
      _id: row.id,
      title: row.title,
      parentTitle: row.parent_title,
      createdDate: row.created_at,
    }));
    const ids = keys.sort(compareUnprioritised(column, dir)).map((key) => key._id);
    return {
      rows: await rowsInOrder(user.id, ids.slice(offset, offset + limit), seen),
      more: ids.length > offset + limit,
    };
  }

  /** Everything at once: the Prioritized list in display order, then the Unprioritized list. */
  async function whole(user: UserRow, tags: readonly string[]): Promise<OrganizerItem[]> {
    const rows = await organizerRows(db, user.id, tags);
    const ranked = prioritisedInDisplayOrder(
      rows.filter((row) => row.priority !== null).map(asPrioritised),
      now(),
      user.timezone,
    ).map((key) => key.row);
    const { column, dir } = unprioritisedOrder(user);
    const compare = compareUnprioritised(column, dir);
    const unranked = rows
      .filter((row) => row.priority === null)
      .map((row) => ({
        row,
        _id: row.id,
        title: row.title,
        parentTitle: row.parent_title,
        createdDate: row.created_at,
      }))
      .sort(compare)
      .map((key) => key.row);
    return [...ranked, ...unranked].map(asOrganizerItem);
  }

  return {
    /** A page of both lists (everything without a limit) and the query for the next page. */
    async page(user: UserRow, query: OrganizerQuery): Promise<OrganizerPage> {
      const { limit, prioritizedOffset, unprioritizedOffset, tags } = query;
      let organizerItems: OrganizerItem[];
      let next: OrganizerPage['next'] = null;
      if (limit === undefined) organizerItems = await whole(user, tags);
      else {
        const seen = seenThrough(itemSight(db, user.id));
        const list = (offset: number): ListRead => ({ db, userId: user.id, tags, first: offset + limit + 1 });
        // Both lists at once: on PostgreSQL their reads overlap.
        const [prioritised, unprioritised] = await Promise.all([
          seenSlice(
            prioritisedCandidates(list(prioritizedOffset), now(), user.timezone),
            seen,
            prioritizedOffset,
            limit,
          ),
          unprioritisedSlice(user, list(unprioritizedOffset), seen, unprioritizedOffset, limit),
        ]);
        organizerItems = [...prioritised.rows, ...unprioritised.rows].map(asOrganizerItem);
        if (prioritised.more || unprioritised.more)
          next = {
            prioritizedOffset: prioritizedOffset + limit,
            unprioritizedOffset: unprioritizedOffset + limit,
          };
      }
      const parentOrganizerItems: OrganizerPage['parentOrganizerItems'] = {};
      for (const item of organizerItems) {
        if (item.parentItemId)
          parentOrganizerItems[item.parentItemId] = { _id: item.parentItemId, title: item.parentTitle ?? '' };
      }
      return { organizerItems, parentOrganizerItems, next };
    },

    /**
     * Ranks an item in the caller's Organizer (making it prioritizable), marks it for Today,
     * and sets the shared target date (which needs edit access). Only text items rank. Taking
     * the priority away, or clearing the date, can be undone.
     */
    updatePriority(user: UserRow, body: UpdatePriorityBody) {
      const personal: PersonalChanges = { prioritizable: 1, priority: body.priority };
      if (body.markedAsForToday !== undefined) personal.marked_for_today = body.markedAsForToday ? 1 : 0;
      const { priorityTargetDate: targetDate, targetHasTime: hasTime } = body;
      return items.changePersonalState(user, body.itemId, personal, {
        date: targetDate === undefined ? undefined : { targetDate, hasTime },
        rankable: true,
      });
    },

    /**
     * The caller's priority for an item joining the Prioritized group its Today mark and target
     * date put it in (shared grouping rule), at the group's top or bottom (shared priority
     * rule), inside the caller's transaction. When the gap above the first has run out, the
     * caller's ranked items are renumbered first, in that same transaction.
     */
    async priorityAtEdgeOfGroup(
      trx: Executor,
      user: UserRow,
      joining: { markedAsForToday: boolean; targetDate: number | null },
      edge: 'top' | 'bottom',
    ): Promise<number> {
      const at = now();
      const group = organizerGroupOf(
        { markedAsForToday: joining.markedAsForToday, priorityTargetDate: joining.targetDate },
        at,
        user.timezone,
      );
      const inGroup = async () =>
        (await organizerRankedKeys(trx, user.id))
          .filter((key) => organizerGroupOf(asPrioritised(key), at, user.timezone) === group)
          .map((key) => key.priority);
      const ranked = priorityAtEdge(await inGroup(), edge);
      if (!ranked.needsReindex) return ranked.priority;
      const all = await organizerRankedKeys(trx, user.id);
      await setPriorities(trx, user.id, reindexedPriorities(all.map((key) => key.id)), at);
      return priorityAtEdge(await inGroup(), edge).priority;
    },

    /** The largest priority among the user's ranked items (the bottom of their Organizer), or null. */
    async highestPriority(trx: Executor, userId: string): Promise<number | null> {
      // In order of priority: the last is the largest.
      return (await organizerRankedKeys(trx, userId)).at(-1)?.priority ?? null;
    },

    /** Renumbers the caller's prioritised items 16384, 32768, … keeping their order. */
    async reindexPriorities(user: UserRow): Promise<Record<string, number>> {
      const ranked = await organizerRankedKeys(db, user.id);
      const priorities = reindexedPriorities(ranked.map((row) => row.id));
      await db.transaction().execute((trx) => setPriorities(trx, user.id, priorities, now()));
      return Object.fromEntries(priorities);
    },

    /** The ranked items, by priority. */
    async prioritised(user: UserRow): Promise<OrganizerItem[]> {
      const ranked = (await organizerRankedKeys(db, user.id)).map((row) => row.id);
      return (await rowsInOrder(user.id, ranked, seenThrough(itemSight(db, user.id)))).map(asOrganizerItem);
    },
  };
}

export type OrganizerService = ReturnType<typeof createOrganizerService>;
