import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { type RawBuilder, sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import { pageSql } from '../../db/page-sql.js';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql } from '../access/access.contract.js';
import { PRESENTED_COLUMNS, type PresentableRow } from '../items/items.contract.js';

/**
 * The Organizer's reads: every list is the caller's prioritizable, open text items that they
 * can see (`seen_boxes`, decided once per box by the access module), sliced or keyed so that
 * a page reads full rows for its own items only.
 */

/**
 * An Organizer row: what presentItem reads, the caller's level and the parent box's id and
 * title, only when the caller sees that box too.
 */
export type OrganizerRow = PresentableRow & {
  level: AccessLevel;
  visible_parent_id: string | null;
  parent_title: string | null;
};

/**
 * The caller's Organizer candidates (`i`, `ui`, and `p`: the parent, only when the caller sees
 * it too), with any more `joins`: prioritizable text items, open, that they can see.
 */
function organizerCandidates(userId: string, tags: readonly string[], joins = sql``) {
  return sql`from user_items ui join items i on i.id = ui.item_id
    left join items p on p.id = i.parent_id and p.id in (select id from seen_boxes) ${joins}
    where ui.user_id = ${userId} and ui.prioritizable = 1
      and i.type = 'todoText' and i.completed_at is null and i.archived_at is null
      and (i.parent_id in (select id from seen_boxes)
        or exists (select 1 from item_users own where own.item_id = i.id and own.user_id = ${userId}))
      ${withTags(tags)}`;
}

/** Only the items carrying every one of these tags (none: no condition). */
function withTags(tags: readonly string[]) {
  return sql.join(
    tags.map(
      (name) => sql`and exists (select 1 from item_tags t where t.item_id = i.id and t.name = ${name})`,
    ),
    sql` `,
  );
}

/** The keys the Prioritized list is ordered by (grouping.ts), of a ranked Organizer item. */
export interface RankedKeys {
  id: string;
  priority: number;
  target_date: number | null;
  marked_for_today: number;
}

/** What orders the Prioritized list, for every ranked item the caller sees, by priority. */
export async function organizerRankedKeys(db: Executor, userId: string): Promise<RankedKeys[]> {
  const { rows } = await sql<RankedKeys>`${seenBoxesSql(userId)}
    select i.id as id, ui.priority as priority, i.target_date as target_date, ui.marked_for_today as marked_for_today
    ${organizerCandidates(userId, [])} and ui.priority is not null
    order by ui.priority, i.id`.execute(db);
  return rows;
}

/** What orders the Unprioritized list by title: each unranked Organizer item's title, parent title and creation. */
export async function organizerUnprioritisedKeys(db: Executor, userId: string, tags: readonly string[] = []) {
  const { rows } = await sql<{ id: string; title: string; parent_title: string | null; created_at: number }>`
    ${seenBoxesSql(userId)}
    select i.id as id, i.title as title, p.title as parent_title, i.created_at as created_at
    ${organizerCandidates(userId, tags)} and ui.priority is null`.execute(db);
  return rows;
}

const organizerColumns = sql`${sql.join(PRESENTED_COLUMNS.map((column) => sql.ref(`i.${column}`)))},
  coalesce(own.level, s.level) as level, p.id as visible_parent_id, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/** Every Organizer row of the caller by priority, then id, with their level and the parent's title. */
export async function organizerRows(
  db: Executor,
  userId: string,
  tags: readonly string[] = [],
): Promise<OrganizerRow[]> {
  const { rows } = await sql<OrganizerRow>`${seenBoxesSql(userId)}
    select ${organizerColumns}
    ${organizerCandidates(
      userId,
      tags,
      sql`left join item_users own on own.item_id = i.id and own.user_id = ${userId}
        left join seen_boxes s on s.id = i.parent_id`,
    )}
    order by ui.priority, i.id`.execute(db);
  return rows;
}

/** What an unsighted Organizer row reads, of `i` (the item), `ui`, `own` (the caller's link) and `p` (the parent). */
const unsightedColumns = sql`${sql.join(PRESENTED_COLUMNS.map((column) => sql.ref(`i.${column}`)))},
  own.level as own_level, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/**
 * Organizer rows of the given items (in no particular order), with what decides whether the
 * caller sees each: their own link's level and the parent box (its sight is the caller's to
 * work out, with the access module's `itemSight`).
 */
export async function organizerRowsByIds(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<UnsightedOrganizerRow[]> {
  const found: UnsightedOrganizerRow[] = [];
  for (const chunk of idChunks(ids)) {
    const { rows } = await sql<UnsightedOrganizerRow>`
      select ${unsightedColumns}
      from items i
      join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
      left join item_users own on own.item_id = i.id and own.user_id = ${userId}
      left join items p on p.id = i.parent_id
      where i.id in (${sql.join(chunk)})`.execute(db);
    found.push(...rows);
  }
  return found;
}

/** An Organizer row before the caller's sight of its parent box is known. */
export type UnsightedOrganizerRow = PresentableRow & {
  own_level: AccessLevel | null;
  parent_title: string | null;
};

/**
 * A candidate of an Organizer list: its row, read in display order through an index of
 * `user_items` (where the database copies the item's keys, migration 0036), and those keys.
 */
export type OrganizerCandidate = UnsightedOrganizerRow & {
  key_target_date: number | null;
  key_created_at: number;
};

/** Where a read of candidates goes on from: after this key (exclusive), in the read's order. */
export type After = { key: number; id: string } | null;

function candidates(userId: string, tags: readonly string[], range: RawBuilder<unknown>) {
  return sql<OrganizerCandidate>`select ${unsightedColumns},
      ui.item_target_date as key_target_date, ui.item_created_at as key_created_at
    from user_items ui join items i on i.id = ui.item_id
    left join item_users own on own.item_id = ui.item_id and own.user_id = ui.user_id
    left join items p on p.id = i.parent_id
    where ui.user_id = ${userId} and ui.prioritizable = 1 and ui.item_open = 1 and ${range}
      ${sql.join(
        tags.map(
          (name) =>
            sql`and exists (select 1 from item_tags t where t.item_id = ui.item_id and t.name = ${name})`,
        ),
        sql` `,
      )}`;
}

/** Past `after` in the order of `column`, then the item's id, ascending or descending. */
function keyset(column: string, after: After, dir: 'asc' | 'desc' = 'asc') {
  if (!after) return sql`1 = 1`;
  const ref = sql.ref(column);
  const past = dir === 'asc' ? sql`>` : sql`<`;
  return sql`(${ref} ${past} ${after.key} or (${ref} = ${after.key} and ui.item_id ${past} ${after.id}))`;
}

/** A part of an Organizer list, as `candidatesOf` reads it. */
export type CandidatePart =
  /** Ranked, marked for today: by priority, past `after`. */
  | { part: 'marked'; after: After; limit: number }
  /** Ranked, not marked, dated up to today's end (the rest of Today): all of them, in no order. */
  | { part: 'due'; endOfToday: number }
  /** Ranked, not marked, dated after `after`: by target date, then priority. */
  | { part: 'dated'; after: number; limit: number }
  /** Ranked, with neither a Today mark nor a target date: by priority, past `after`. */
  | { part: 'undated'; after: After; limit: number }
  /** Unranked: by creation, past `after`. */
  | { part: 'unranked'; dir: 'asc' | 'desc'; after: After; limit: number };

/** Which rows of the caller's `user_items` a part is, and in which order (each a range of an index of migration 0036). */
function partSql(part: CandidatePart): { range: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const ranked = sql`ui.priority is not null`;
  const byPriority = sql`order by ui.priority, ui.item_id`;
  switch (part.part) {
    case 'marked':
      return {
        range: sql`ui.marked_for_today = 1 and ${ranked} and ${keyset('ui.priority', part.after)}`,
        order: sql`${byPriority} ${pageSql(part.limit)}`,
      };
    case 'due':
      return {
        range: sql`ui.marked_for_today = 0 and ui.item_target_date <= ${part.endOfToday} and ${ranked}`,
        order: sql``,
      };
    case 'dated':
      return {
        range: sql`ui.marked_for_today = 0 and ui.item_target_date > ${part.after} and ${ranked}`,
        order: sql`order by ui.item_target_date, ui.priority, ui.item_id ${pageSql(part.limit)}`,
      };
    case 'undated':
      return {
        range: sql`ui.marked_for_today = 0 and ui.item_target_date is null and ${ranked}
          and ${keyset('ui.priority', part.after)}`,
        order: sql`${byPriority} ${pageSql(part.limit)}`,
      };
    case 'unranked': {
      const dir = sql.raw(part.dir);
      return {
        range: sql`ui.priority is null and ${keyset('ui.item_created_at', part.after, part.dir)}`,
        order: sql`order by ui.item_created_at ${dir}, ui.item_id ${dir} ${pageSql(part.limit)}`,
      };
    }
  }
}

/** The caller's candidates of a part of an Organizer list, carrying every one of `tags`. */
export async function candidatesOf(
  db: Executor,
  userId: string,
  tags: readonly string[],
  part: CandidatePart,
): Promise<OrganizerCandidate[]> {
  const { range, order } = partSql(part);
  const { rows } = await sql<OrganizerCandidate>`${candidates(userId, tags, range)} ${order}`.execute(db);
  return rows;
}

/** Sets new priorities for the caller (a reindex), in one pass. */
export async function setPriorities(
  db: Executor,
  userId: string,
  priorities: Map<string, number>,
  now: number,
) {
  for (const [itemId, priority] of priorities) {
    await db
      .updateTable('user_items')
      .set({ priority, updated_at: now })
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .execute();
  }
}
