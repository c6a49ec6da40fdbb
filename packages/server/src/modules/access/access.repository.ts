import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';

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

/**
 * The caller's level on an item: the level on its nearest linked ancestor-or-self
 * (ARCHITECTURE.md), or undefined when nothing on the way up is shared with them.
 */
export async function levelOf(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<AccessLevel | undefined> {
  const { rows } = await sql<{ level: AccessLevel }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select iu.level as level from chain c
    join item_users iu on iu.item_id = c.id and iu.user_id = ${userId}
    order by c.depth limit 1`.execute(db);
  return rows[0]?.level;
}

/**
 * Everyone who can see an item, with their level: the people linked to the item or to any box
 * above it, each at the level of their nearest link.
 */
export async function audienceOf(db: Executor, itemId: string): Promise<Member[]> {
  const { rows } = await sql<{ user_id: string; level: AccessLevel }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select iu.user_id as user_id, iu.level as level
    from chain c join item_users iu on iu.item_id = c.id
    order by c.depth`.execute(db);
  const nearest = new Map<string, AccessLevel>();
  for (const row of rows) if (!nearest.has(row.user_id)) nearest.set(row.user_id, row.level);
  return [...nearest].map(([userId, level]) => ({ userId, level }));
}

/** The people linked directly to each of these items, with their level. */
export async function linksOf(db: Executor, itemIds: readonly string[]): Promise<Map<string, Member[]>> {
  const links = new Map<string, Member[]>();
  for (const chunk of idChunks(itemIds)) {
    const rows = await db
      .selectFrom('item_users')
      .select(['item_id', 'user_id', 'level'])
      .where('item_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const list = links.get(row.item_id) ?? [];
      list.push({ userId: row.user_id, level: row.level });
      links.set(row.item_id, list);
    }
  }
  return links;
}

/**
 * Which of these (person, item) pairs still see their item, by key: a link on the item or on
 * any box above it. Most items are linked to their person directly or through their box, so
 * one cheap join answers those, and only the rest walk up.
 */
export async function pairsThatSee(
  db: Executor,
  pairs: readonly { key: string; userId: string; itemId: string }[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  const rowsOf = (chunk: readonly { key: string; userId: string; itemId: string }[]) =>
    sql.join(chunk.map((pair) => sql`(${pair.key}, ${pair.userId}, ${pair.itemId})`));
  // Three values per pair: 300 pairs stay well under both engines' parameter limits.
  for (let start = 0; start < pairs.length; start += 300) {
    const chunk = pairs.slice(start, start + 300);
    const near = await sql<{ k: string }>`
      with wanted(k, user_id, item_id) as (values ${rowsOf(chunk)})
      select w.k as k from wanted w join items i on i.id = w.item_id
      where exists (
        select 1 from item_users iu
        where iu.user_id = w.user_id and (iu.item_id = w.item_id or iu.item_id = i.parent_id)
      )`.execute(db);
    for (const row of near.rows) seen.add(row.k);
    const rest = chunk.filter((pair) => !seen.has(pair.key));
    if (rest.length === 0) continue;
    const { rows } = await sql<{ k: string }>`
      with recursive wanted(k, user_id, item_id) as (values ${rowsOf(rest)}),
      chain(k, user_id, id, parent_id, depth) as (
        select w.k, w.user_id, i.id, i.parent_id, 0 from wanted w join items i on i.id = w.item_id
        union all
        select c.k, c.user_id, p.id, p.parent_id, c.depth + 1 from chain c join items p on p.id = c.parent_id
        where c.depth < ${MAX_TREE_DEPTH}
      )
      select distinct c.k as k from chain c
      join item_users iu on iu.item_id = c.id and iu.user_id = c.user_id`.execute(db);
    for (const row of rows) seen.add(row.k);
  }
  return seen;
}

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
