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
import type { PersonalChanges } from '../items/items.contract.js';
import { type ItemsService, presentItem } from '../items/items.service.js';
import { presentUser } from '../users/users.service.js';
import {
  type OrganizerRow,
  organizerRankedKeys,
  organizerRows,
  organizerRowsByIds,
  organizerUndatedIds,
  organizerUnprioritisedIdsByCreation,
  organizerUnprioritisedKeys,
  type RankedKeys,
  setPriorities,
} from './organizer.repository.js';

/** A slice of a list: ids in display order, and whether more follow. */
interface Slice {
  ids: string[];
  more: boolean;
}

/** `limit` ids from `offset` of a list read whole. */
const sliceOf = (ids: readonly string[], offset: number, limit: number): Slice => ({
  ids: ids.slice(offset, offset + limit),
  more: ids.length > offset + limit,
});

/** A slice read from SQL with one row more than asked, which says whether more follow. */
const trimmed = (ids: string[], limit: number): Slice => ({
  ids: ids.slice(0, limit),
  more: ids.length > limit,
});

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
 * screen of thousands of items at once. A page reads full rows for its own items only: the
 * Undated group and the Unprioritized list by creation come sliced from SQL; what needs the
 * shared rules (Today and the dated days, title orders) is ordered from its keys alone.
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

  /** The Prioritized list from `offset`: Today and the dated days (shared rule), then Undated from SQL. */
  async function prioritisedSlice(
    user: UserRow,
    offset: number,
    limit: number,
    tags: readonly string[],
  ): Promise<Slice> {
    const markedOrDated = prioritisedInDisplayOrder(
      (await organizerRankedKeys(db, user.id, 'marked or dated', tags)).map(asPrioritised),
      now(),
      user.timezone,
    ).map((key) => key.row.id);
    const head = sliceOf(markedOrDated, offset, limit);
    const wanted = limit - head.ids.length;
    const undatedFrom = Math.max(0, offset - markedOrDated.length);
    const undated = trimmed(await organizerUndatedIds(db, user.id, undatedFrom, wanted + 1, tags), wanted);
    return { ids: [...head.ids, ...undated.ids], more: head.more || undated.more };
  }

  /** The Unprioritized list from `offset` in the user's chosen order. */
  async function unprioritisedSlice(
    user: UserRow,
    offset: number,
    limit: number,
    tags: readonly string[],
  ): Promise<Slice> {
    const { column, dir } = unprioritisedOrder(user);
    if (column === 'createdDate')
      return trimmed(
        await organizerUnprioritisedIdsByCreation(db, user.id, dir, offset, limit + 1, tags),
        limit,
      );
    const keys = (await organizerUnprioritisedKeys(db, user.id, tags)).map((row) => ({
      _id: row.id,
      title: row.title,
      parentTitle: row.parent_title,
      createdDate: row.created_at,
    }));
    return sliceOf(
      keys.sort(compareUnprioritised(column, dir)).map((key) => key._id),
      offset,
      limit,
    );
  }

  /** Full rows of the given ids, in that order (an id no longer there is left out). */
  async function itemsInOrder(user: UserRow, ids: string[]): Promise<OrganizerItem[]> {
    const byId = new Map<string, OrganizerRow>();
    for (const row of await organizerRowsByIds(db, user.id, ids)) byId.set(row.id, row);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [asOrganizerItem(row)] : [];
    });
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
        const prioritised = await prioritisedSlice(user, prioritizedOffset, limit, tags);
        const unprioritised = await unprioritisedSlice(user, unprioritizedOffset, limit, tags);
        organizerItems = await itemsInOrder(user, [...prioritised.ids, ...unprioritised.ids]);
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
        (await organizerRankedKeys(trx, user.id, 'all'))
          .filter((key) => organizerGroupOf(asPrioritised(key), at, user.timezone) === group)
          .map((key) => key.priority);
      const ranked = priorityAtEdge(await inGroup(), edge);
      if (!ranked.needsReindex) return ranked.priority;
      const all = await organizerRankedKeys(trx, user.id, 'all');
      await setPriorities(trx, user.id, reindexedPriorities(all.map((key) => key.id)), at);
      return priorityAtEdge(await inGroup(), edge).priority;
    },

    /** The largest priority among the user's ranked items (the bottom of their Organizer), or null. */
    async highestPriority(trx: Executor, userId: string): Promise<number | null> {
      // In order of priority: the last is the largest.
      return (await organizerRankedKeys(trx, userId, 'all')).at(-1)?.priority ?? null;
    },

    /** Renumbers the caller's prioritised items 16384, 32768, … keeping their order. */
    async reindexPriorities(user: UserRow): Promise<Record<string, number>> {
      const ranked = await organizerRankedKeys(db, user.id, 'all');
      const priorities = reindexedPriorities(ranked.map((row) => row.id));
      await db.transaction().execute((trx) => setPriorities(trx, user.id, priorities, now()));
      return Object.fromEntries(priorities);
    },

    /** The ranked items, by priority. */
    async prioritised(user: UserRow): Promise<OrganizerItem[]> {
      return itemsInOrder(
        user,
        (await organizerRankedKeys(db, user.id, 'all')).map((row) => row.id),
      );
    },
  };
}

export type OrganizerService = ReturnType<typeof createOrganizerService>;
