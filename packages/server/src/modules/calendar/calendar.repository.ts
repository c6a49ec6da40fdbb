import type { ItemType } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { Executor, UserRow } from '../../db/schema.js';
import { seenBoxesSql } from '../access/index.js';

/** Makes the user's feed, or replaces it: the old secret stops working in the same statement. */
export async function upsertCalendarFeed(
  db: Executor,
  feed: { userId: string; secretHash: string; now: number },
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: feed.userId, secret_hash: feed.secretHash, created_at: feed.now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret_hash: feed.secretHash, created_at: feed.now }),
    )
    .execute();
}

/** When the user's current feed was made, or undefined without one. */
export async function calendarFeedOf(
  db: Executor,
  userId: string,
): Promise<{ createdAt: number } | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { createdAt: row.created_at };
}

export async function deleteCalendarFeed(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The activated user whose feed has this secret hash, or undefined. */
export async function userOfCalendarFeed(db: Executor, secretHash: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .selectAll('u')
    .where('f.secret_hash', '=', secretHash)
    .where('u.activated_at', 'is not', null)
    .executeTakeFirst();
}

/** What the feed reads of an item: a box (for paths, and as an event when dated) or a dated text. */
export interface FeedItemRow {
  id: string;
  type: ItemType;
  title: string;
  parent_id: string | null;
  is_root_box: number;
  target_date: number | null;
  recurrence_rule: string | null;
  recurrence_done: number;
  completed_at: number | null;
  updated_at: number;
}

const feedColumns = (alias: string) =>
  sql.join(
    [
      'id',
      'type',
      'title',
      'parent_id',
      'is_root_box',
      'target_date',
      'recurrence_rule',
      'recurrence_done',
      'completed_at',
      'updated_at',
    ].map((column) => sql.ref(`${alias}.${column}`)),
  );

/**
 * In one query, what the user's feed needs of what they see (access decided once per box by
 * the access module, archived items and what archived boxes hold left out): every box they see
 * (the paths are built from them; dated ones are events too), and the open dated texts in those
 * boxes or linked to the user on their own.
 */
export async function feedItems(db: Executor, userId: string): Promise<FeedItemRow[]> {
  const datedOpenText = (alias: string) =>
    sql`${sql.ref(`${alias}.type`)} = 'todoText' and ${sql.ref(`${alias}.archived_at`)} is null
      and ${sql.ref(`${alias}.completed_at`)} is null and ${sql.ref(`${alias}.target_date`)} is not null`;
  const { rows } = await sql<FeedItemRow>`${seenBoxesSql(userId)},
    seen(id) as (select distinct id from seen_boxes)
    select ${feedColumns('b')} from seen s join items b on b.id = s.id
    union all
    select ${feedColumns('t')} from seen s join items t on t.parent_id = s.id
    where ${datedOpenText('t')}
    union all
    select ${feedColumns('t')} from item_users own join items t on t.id = own.item_id
    where own.user_id = ${userId} and ${datedOpenText('t')}
      and (t.parent_id is null or t.parent_id not in (select id from seen))`.execute(db);
  return rows;
}
