import type { ItemType } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { Executor, UserRow } from '../../db/schema.js';
import { seenBoxesSql } from '../access/access.contract.js';

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

/** Deletes the user's feed; answers whether they had one. */
export async function deleteCalendarFeed(db: Executor, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
  target_has_time: number | null;
  recurrence_rule: string | null;
  recurrence_done: number;
  completed_at: number | null;
  updated_at: number;
  note: string | null;
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
      'target_has_time',
      'recurrence_rule',
      'recurrence_done',
      'completed_at',
      'updated_at',
      'note',
    ].map((column) => sql.ref(`${alias}.${column}`)),
  );

/** The open dated texts among a query's rows (`alias` names the items). */
const datedOpenText = (alias: string) =>
  sql`${sql.ref(`${alias}.type`)} = 'todoText' and ${sql.ref(`${alias}.archived_at`)} is null
    and ${sql.ref(`${alias}.completed_at`)} is null and ${sql.ref(`${alias}.target_date`)} is not null`;

/** The boxes the user sees (access decided once per box by the access module, archived ones left out). */
const seenSql = (userId: string) => sql`${seenBoxesSql(userId)},
  seen(id) as (select distinct id from seen_boxes)`;

/** A box the user sees, as the feed reads it, and how many open dated texts it holds. */
export interface FeedBoxRow extends FeedItemRow {
  dated_texts: number;
}

/**
 * Every box the user sees (the paths are built from them; dated ones are events too), each
 * with how many open dated texts it holds (only those boxes are read again).
 */
export async function feedBoxes(db: Executor, userId: string): Promise<FeedBoxRow[]> {
  const { rows } = await sql<
    Omit<FeedBoxRow, 'dated_texts'> & { dated_texts: number | string }
  >`${seenSql(userId)}
    select ${feedColumns('b')}, (
      select count(*) from items t where t.parent_id = b.id and ${datedOpenText('t')}) as dated_texts
    from seen s join items b on b.id = s.id`.execute(db);
  // PostgreSQL counts in bigint, which its driver answers as text.
  return rows.map((row) => ({ ...row, dated_texts: Number(row.dated_texts) }));
}

/** The open dated texts directly in these boxes (the caller keeps the batch small). */
export async function datedTextsIn(db: Executor, boxIds: readonly string[]): Promise<FeedItemRow[]> {
  if (boxIds.length === 0) return [];
  const { rows } = await sql<FeedItemRow>`
    select ${feedColumns('t')} from items t
    where t.parent_id in (${sql.join(boxIds)}) and ${datedOpenText('t')}`.execute(db);
  return rows;
}

/** Where a page of a box's texts ends: the next page starts after it. */
export interface FeedCursor {
  position: number;
  id: string;
}

/**
 * A page of the open dated texts directly in one box, in sibling order (position, then id: the
 * index of migration 0002), after a cursor.
 */
export async function datedTextsPage(
  db: Executor,
  boxId: string,
  after: FeedCursor | null,
  limit: number,
): Promise<(FeedItemRow & FeedCursor)[]> {
  const { rows } = await sql<FeedItemRow & FeedCursor>`
    select ${feedColumns('t')}, t.position from items t
    where t.parent_id = ${boxId} and ${datedOpenText('t')}
      ${after ? sql`and (t.position, t.id) > (${after.position}, ${after.id})` : sql``}
    order by t.position, t.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The open dated texts linked to the user on their own, whose box they do not see. */
export async function datedTextsAlone(db: Executor, userId: string): Promise<FeedItemRow[]> {
  const { rows } = await sql<FeedItemRow>`${seenSql(userId)}
    select ${feedColumns('t')} from item_users own join items t on t.id = own.item_id
    where own.user_id = ${userId} and ${datedOpenText('t')}
      and (t.parent_id is null or t.parent_id not in (select id from seen))`.execute(db);
  return rows;
}

/**
 * A summary of every row the feed reads of the user's items, cheap to compute (no row leaves
 * the database): how many, the latest change, and a sum of their change times, so that adding,
 * removing, editing, sharing or unsharing any of them changes it.
 */
export async function feedItemsVersion(db: Executor, userId: string): Promise<string> {
  const { rows } = await sql<{ count: number | string; latest: number | string; mix: number | string }>`
    ${seenSql(userId)},
    feed(id, updated_at) as (
      select b.id, b.updated_at from seen s join items b on b.id = s.id
      union all
      select t.id, t.updated_at from seen s join items t on t.parent_id = s.id where ${datedOpenText('t')}
      union all
      select t.id, t.updated_at from item_users own join items t on t.id = own.item_id
      where own.user_id = ${userId} and ${datedOpenText('t')}
        and (t.parent_id is null or t.parent_id not in (select id from seen))
    )
    select count(*) as count, coalesce(max(updated_at), 0) as latest,
      coalesce(sum(updated_at % 1000003), 0) as mix
    from feed`.execute(db);
  const [row] = rows;
  return row ? `${row.count}:${row.latest}:${row.mix}` : '';
}
