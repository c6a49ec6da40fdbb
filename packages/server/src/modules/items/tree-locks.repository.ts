import { sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import type { Executor } from '../../db/schema.js';
import { MAX_TREE_DEPTH } from '../access/access.contract.js';

/**
 * Serialises every change to the tree's shape (an item's parent) with the others, inside the
 * caller's transaction, until it ends: the "not into itself or below itself" check and the
 * update then see and make one consistent tree. Without it two moves made at once (A into B,
 * B into A) could each pass the check and together commit a cycle. On PostgreSQL a
 * transaction-scoped advisory lock (one key for the whole tree: moves are short and rare next
 * to reads, so one queue costs nothing); on SQLite the one connection already runs one
 * transaction at a time.
 */
export async function lockTree(trx: Executor, engine: DbEngine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`.execute(trx);
}

/** The advisory lock key of the item tree (any fixed 64-bit number our app uses for nothing else). */
export const TREE_LOCK_KEY = 7_161_223_001;

/**
 * Serialises the placing of items among one box's children (a reorder, a renumber) with the
 * others in that box, until the caller's transaction ends, without stopping anything else:
 * on PostgreSQL a transaction-scoped advisory lock on the box (the two-key form, in a class of
 * its own); on SQLite the one connection already runs one transaction at a time.
 */
export async function lockBox(trx: Executor, engine: DbEngine, boxId: string): Promise<void> {
  if (engine === 'postgres')
    await sql`select pg_advisory_xact_lock(${BOX_LOCK_CLASS}, hashtext(${boxId}))`.execute(trx);
}

/** The class of the boxes' advisory locks (a fixed 32-bit number our app uses for nothing else). */
const BOX_LOCK_CLASS = 716_122;

/**
 * Whether `itemId` is `boxId` or one of the boxes above it: walks up from the box (a short
 * chain) rather than down through everything inside the item. `undefined` when the walk found
 * no root within MAX_TREE_DEPTH: a corrupt tree, in which nothing may move.
 */
export async function isAtOrAbove(db: Executor, itemId: string, boxId: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ id: string; parent_id: string | null; depth: number }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${boxId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH} and c.id <> ${itemId}
    )
    select id, parent_id, depth from chain`.execute(db);
  if (rows.some((row) => row.id === itemId)) return true;
  const top = rows.reduce((a, b) => (b.depth > a.depth ? b : a), rows[0] ?? { parent_id: null, depth: 0 });
  return top.parent_id === null ? false : undefined;
}

/**
 * Holds the person's links on an item and on the boxes above it (the shares their level comes
 * from) until the caller's transaction ends, on PostgreSQL: a revoke of one of them waits for
 * the transaction, and one that committed first is seen, so the level read after this holds
 * until the commit. SQLite's one connection runs one transaction at a time already.
 */
export async function lockLinksAbove(tx: Executor, engine: DbEngine, userId: string, itemId: string) {
  if (engine !== 'postgres') return;
  await sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select iu.item_id from item_users iu join chain c on iu.item_id = c.id
    where iu.user_id = ${userId}
    for share of iu`.execute(tx);
}
