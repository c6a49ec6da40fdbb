import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
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

/**
 * What orders the Prioritized list, for the ranked items that have a Today mark or a target
 * date (everything but Undated), by priority; or for every ranked item with `all`.
 */
export async function organizerRankedKeys(
  db: Executor,
  userId: string,
  which: 'marked or dated' | 'all',
  tags: readonly string[] = [],
): Promise<RankedKeys[]> {
  const filter = which === 'all' ? sql`` : sql`and (ui.marked_for_today = 1 or i.target_date is not null)`;
  const { rows } = await sql<RankedKeys>`${seenBoxesSql(userId)}
    select i.id as id, ui.priority as priority, i.target_date as target_date, ui.marked_for_today as marked_for_today
    ${organizerCandidates(userId, tags)} and ui.priority is not null ${filter}
    order by ui.priority, i.id`.execute(db);
  return rows;
}

/** A slice of the Undated group (ranked, no Today mark, no target date) by priority, straight from SQL. */
export async function organizerUndatedIds(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
  tags: readonly string[] = [],
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`${seenBoxesSql(userId)}
    select i.id as id ${organizerCandidates(userId, tags)}
      and ui.priority is not null and ui.marked_for_today = 0 and i.target_date is null
    order by ui.priority, i.id ${pageSql(limit, offset)}`.execute(db);
  return rows.map((row) => row.id);
}

/** What orders the Unprioritized list by title: each unranked Organizer item's title, parent title and creation. */
export async function organizerUnprioritisedKeys(db: Executor, userId: string, tags: readonly string[] = []) {
  const { rows } = await sql<{ id: string; title: string; parent_title: string | null; created_at: number }>`
    ${seenBoxesSql(userId)}
    select i.id as id, i.title as title, p.title as parent_title, i.created_at as created_at
    ${organizerCandidates(userId, tags)} and ui.priority is null`.execute(db);
  return rows;
}

/** A slice of the unranked Organizer items' ids by creation (the default order), straight from SQL. */
export async function organizerUnprioritisedIdsByCreation(
  db: Executor,
  userId: string,
  dir: 'asc' | 'desc',
  offset: number,
  limit: number,
  tags: readonly string[] = [],
): Promise<string[]> {
  const direction = sql.raw(dir);
  const { rows } = await sql<{ id: string }>`${seenBoxesSql(userId)}
    select i.id as id ${organizerCandidates(userId, tags)} and ui.priority is null
    order by i.created_at ${direction}, i.id ${direction} ${pageSql(limit, offset)}`.execute(db);
  return rows.map((row) => row.id);
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

/** Organizer rows of the given items (in no particular order), with the caller's level and the parent's title. */
export async function organizerRowsByIds(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<OrganizerRow[]> {
  const found: OrganizerRow[] = [];
  for (const chunk of idChunks(ids)) {
    const { rows } = await sql<OrganizerRow>`${seenBoxesSql(userId)}
      select ${organizerColumns}
      from items i
      join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
      left join item_users own on own.item_id = i.id and own.user_id = ${userId}
      left join seen_boxes s on s.id = i.parent_id
      left join items p on p.id = s.id
      where i.id in (${sql.join(chunk)}) and (own.level is not null or s.level is not null)`.execute(db);
    found.push(...rows);
  }
  return found;
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
