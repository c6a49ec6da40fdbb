import type { AccessLevel } from '@nestbox/shared/items/item-values';
import { sql } from 'kysely';

export type { LevelCheck } from './access.policy.js';

/**
 * How far up or down the recursive queries walk the tree. Each stops there even if the
 * stored tree were corrupt and held a cycle (moves cannot make one: see `lockTree`), so no
 * query can loop for ever; no real tree of boxes comes near it.
 */
export const MAX_TREE_DEPTH = 1_000;

/** A person and their level on an item. */
export interface Member {
  userId: string;
  level: AccessLevel;
}

/** The people who see an item, at their level. */
export type Audience = Member[];

// The two fragments below are who-sees-what written as SQL, for other modules' repositories to
// start their queries from: a list of items shows exactly what the access rule lets through,
// and the rule stays written once, here.

/**
 * `visible`: every item the caller can see with the level of its nearest link (rn = 1): the
 * trees below the items linked to them (only `anchorItemId`'s when given), archived subtrees
 * only when asked. A common table expression for queries over everything a person sees.
 */
export function visibleItemsSql(userId: string, includeArchived: boolean, anchorItemId?: string) {
  const archived = includeArchived ? 1 : 0;
  const anchor = anchorItemId ? sql`and iu.item_id = ${anchorItemId}` : sql``;
  return sql`
    with recursive reachable(id, level, depth) as (
      select iu.item_id, iu.level, 0 from item_users iu join items i on i.id = iu.item_id
      where iu.user_id = ${userId} and (${archived} = 1 or i.archived_at is null) ${anchor}
      union all
      select i.id, r.level, r.depth + 1 from items i join reachable r on i.parent_id = r.id
      where (${archived} = 1 or i.archived_at is null) and r.depth < ${MAX_TREE_DEPTH}
    ),
    visible as (
      select id, level, row_number() over (partition by id order by depth) as rn from reachable
    )`;
}

/**
 * `seen_boxes`: every box the caller can see, with their level, walked DOWN from the boxes
 * linked to them through sub-boxes only (the partial index of migration 0004), never into an
 * archived box; a box linked to the caller on the way takes its own link's level. The same
 * rule as `visibleItemsSql` (the nearest link decides, an archived box hides what is inside),
 * decided once per box rather than per item: for lists of text items, which sit in these
 * boxes or are linked to the caller themselves.
 */
export function seenBoxesSql(userId: string) {
  return sql`
    with recursive seen_boxes(id, level) as (
      select l.item_id, l.level from item_users l join items b on b.id = l.item_id
      where l.user_id = ${userId} and b.type = 'todoBox' and b.archived_at is null
      union
      select c.id, coalesce(
        (select o.level from item_users o where o.item_id = c.id and o.user_id = ${userId}), s.level)
      from seen_boxes s join items c on c.parent_id = s.id and c.type = 'todoBox'
      where c.archived_at is null
    )`;
}
