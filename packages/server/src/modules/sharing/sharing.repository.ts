import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import { escapeLike } from '../../db/like.js';
import type { Executor } from '../../db/schema.js';
import { MAX_TREE_DEPTH } from '../access/access.contract.js';
import { foldEmail } from '../users/users.contract.js';

/**
 * People to suggest when sharing: activated accounts the caller already shares an item with
 * whose name contains, or whose e-mail starts with, the term; and the account whose e-mail is
 * exactly the term. Nobody else on the server is ever offered.
 */
export function peopleToSuggest(
  db: Executor,
  {
    callerId,
    term,
    excludeIds,
    limit,
  }: { callerId: string; term: string; excludeIds: string[]; limit: number },
) {
  const folded = foldEmail(term);
  const pattern = escapeLike(folded);
  const sharedWith = db
    .selectFrom('item_users as mine')
    .innerJoin('item_users as theirs', 'theirs.item_id', 'mine.item_id')
    .select('theirs.user_id')
    .where('mine.user_id', '=', callerId);
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('activated_at', 'is not', null)
    .where('id', 'not in', excludeIds)
    .where((eb) =>
      eb.or([
        eb('email', '=', folded),
        eb.and([
          eb('id', 'in', sharedWith),
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', sql<string>`${`%${pattern}%`} escape '\\'`),
            eb('email', 'like', sql<string>`${`${pattern}%`} escape '\\'`),
          ]),
        ]),
      ]),
    )
    .orderBy('name')
    .limit(limit)
    .execute();
}

/** The people an item is shared with directly: owners first, then editors, then readers, oldest link first. */
export function listLinks(db: Executor, itemId: string) {
  return db
    .selectFrom('item_users')
    .innerJoin('users', 'users.id', 'item_users.user_id')
    .select(['item_users.user_id', 'users.name', 'item_users.level'])
    .where('item_users.item_id', '=', itemId)
    .orderBy(sql`case item_users.level when 'owner' then 0 when 'editor' then 1 else 2 end`)
    .orderBy('item_users.created_at')
    .orderBy('users.name')
    .execute();
}

/**
 * Every link on the item and on the boxes above it, nearest first (depth 0 is the item), with
 * each box's title and whether it is a Workspace.
 */
export async function linksOnChain(db: Executor, itemId: string) {
  const { rows } = await sql<{
    item_id: string;
    title: string;
    is_root_box: number;
    depth: number;
    user_id: string;
    name: string;
    level: AccessLevel;
  }>`
    with recursive chain(id, parent_id, title, is_root_box, depth) as (
      select id, parent_id, title, is_root_box, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, i.title, i.is_root_box, c.depth + 1
      from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select c.id as item_id, c.title as title, c.is_root_box as is_root_box, c.depth as depth,
      iu.user_id as user_id, u.name as name, iu.level as level
    from chain c
    join item_users iu on iu.item_id = c.id
    join users u on u.id = iu.user_id
    order by c.depth,
      case iu.level when 'owner' then 0 when 'editor' then 1 else 2 end,
      iu.created_at, u.name`.execute(db);
  return rows.map((row) => ({ ...row, depth: Number(row.depth), is_root_box: Number(row.is_root_box) }));
}

export async function findLink(
  db: Executor,
  itemId: string,
  userId: string,
): Promise<AccessLevel | undefined> {
  const row = await db
    .selectFrom('item_users')
    .select('level')
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.level;
}

/** The person's own link on the item, as stored. */
export function findLinkRow(db: Executor, itemId: string, userId: string) {
  return db
    .selectFrom('item_users')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertLink(
  db: Executor,
  itemId: string,
  userId: string,
  level: AccessLevel,
  now: number,
) {
  await db
    .insertInto('item_users')
    .values({ item_id: itemId, user_id: userId, level, created_at: now })
    .execute();
}

export async function setLinkLevel(db: Executor, itemId: string, userId: string, level: AccessLevel) {
  await db
    .updateTable('item_users')
    .set({ level })
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteLink(db: Executor, itemId: string, userId: string) {
  await db.deleteFrom('item_users').where('item_id', '=', itemId).where('user_id', '=', userId).execute();
}

export async function countOwners(db: Executor, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('item_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('item_id', '=', itemId)
    .where('level', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
