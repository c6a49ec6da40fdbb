import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import { MAX_TREE_DEPTH, type Member } from './access.contract.js';

/**
 * The caller's level on an item: the level on its nearest linked ancestor-or-self
 * (ARCHITECTURE.md), or undefined when nothing on the way up is shared with them.
 */
export async function levelOf(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<AccessLevel | undefined> {
  return (await nearestLinkOf(db, userId, itemId))?.level;
}

/**
 * The caller's nearest link on the way up from an item: its level, and how many steps above
 * the item it is (0: on the item itself); undefined when there is none.
 */
export async function nearestLinkOf(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<{ level: AccessLevel; depth: number } | undefined> {
  const { rows } = await sql<{ level: AccessLevel; depth: number }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select iu.level as level, c.depth as depth from chain c
    join item_users iu on iu.item_id = c.id and iu.user_id = ${userId}
    order by c.depth limit 1`.execute(db);
  return rows[0];
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

/** A box as the walk up reads it: its parent, whether archived, and the caller's link on it. */
interface BoxStep {
  parentId: string | null;
  archived: boolean;
  level: AccessLevel | null;
}

/**
 * The level the caller sees each box at (null: not seen), by the rule of `seenBoxesSql` (the
 * nearest link decides, an archived box hides what is inside) but walked UP from the boxes
 * asked about, each box read once per `boxSight`: for a bounded list of matches, whose cost
 * then follows the boxes they sit in, not everything the caller sees. An item is seen at its
 * own link's level, else at its box's.
 */
export function boxSight(db: Executor, userId: string) {
  const steps = new Map<string, BoxStep>();
  const levels = new Map<string, AccessLevel | null>();
  const levelOf = (boxId: string, depth: number): AccessLevel | null => {
    const known = levels.get(boxId);
    if (known !== undefined) return known;
    const step = steps.get(boxId);
    const level =
      !step || step.archived
        ? null
        : (step.level ??
          (step.parentId && depth < MAX_TREE_DEPTH ? levelOf(step.parentId, depth + 1) : null));
    levels.set(boxId, level);
    return level;
  };
  const see = async (boxIds: readonly string[]): Promise<Map<string, AccessLevel | null>> => {
    const unread = [...new Set(boxIds)].filter((id) => !steps.has(id));
    for (const id of unread) steps.set(id, { parentId: null, archived: true, level: null });
    // Each chunk's boxes and their ancestors up to the nearest link (or archived box), in one
    // statement (`union` reads each box once, and ends even a corrupt loop of parents).
    for (const chunk of idChunks(unread)) {
      const { rows } = await sql<{
        id: string;
        parent_id: string | null;
        archived_at: number | null;
        level: AccessLevel | null;
      }>`with recursive up(id, parent_id, archived_at, level) as (
          select b.id, b.parent_id, b.archived_at, l.level from items b
          left join item_users l on l.item_id = b.id and l.user_id = ${userId}
          where b.id in (${sql.join(chunk)})
          union
          select b.id, b.parent_id, b.archived_at, l.level from up
          join items b on b.id = up.parent_id
          left join item_users l on l.item_id = b.id and l.user_id = ${userId}
          where up.level is null and up.archived_at is null
        )
        select id, parent_id, archived_at, level from up`.execute(db);
      for (const row of rows)
        steps.set(row.id, { parentId: row.parent_id, archived: row.archived_at !== null, level: row.level });
    }
    return new Map(boxIds.map((id) => [id, levelOf(id, 0)]));
  };
  // Calls made at once take turns: a box being read is not taken for one that is not there.
  let turn: Promise<unknown> = Promise.resolve();
  return (boxIds: readonly string[]): Promise<Map<string, AccessLevel | null>> => {
    const seen = turn.then(() => see(boxIds));
    turn = seen.catch(() => undefined);
    return seen;
  };
}
