import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The people an item is shared with directly: owners first, then editors, then readers, oldest link first. */
export function listLinks(db: Kysely<Database>, itemId: string) {
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

export async function findLink(
  db: Kysely<Database>,
  itemId: string,
  userId: string,
): Promise<AccessLevel | undefined> {
  const row = await db
    .selectFrom('item_users')
    .select('level')
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.level as AccessLevel | undefined;
}

export async function insertLink(
  db: Kysely<Database>,
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

export async function setLinkLevel(db: Kysely<Database>, itemId: string, userId: string, level: AccessLevel) {
  await db
    .updateTable('item_users')
    .set({ level })
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteLink(db: Kysely<Database>, itemId: string, userId: string) {
  await db.deleteFrom('item_users').where('item_id', '=', itemId).where('user_id', '=', userId).execute();
}

export async function countOwners(db: Kysely<Database>, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('item_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('item_id', '=', itemId)
    .where('level', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Is the item a user's root box (their Workspace)? */
export async function isRootBox(db: Kysely<Database>, itemId: string): Promise<boolean> {
  const row = await db.selectFrom('items').select('is_root_box').where('id', '=', itemId).executeTakeFirst();
  return row?.is_root_box === 1;
}
