import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor, UserItemsTable } from '../../db/schema.js';

/** Personal state rows of new items (nobody has one yet), 1,000 to a statement. */
export async function insertUserItemRows(
  db: Executor,
  rows: readonly Insertable<UserItemsTable>[],
): Promise<void> {
  for (const chunk of idChunks(rows)) await db.insertInto('user_items').values(chunk).execute();
}

/** Sets the caller's personal state on an item, creating the row the first time. */
export async function upsertUserItem(
  db: Executor,
  userId: string,
  itemId: string,
  changes: {
    favourited?: number;
    prioritizable?: number;
    priority?: number | null;
    marked_for_today?: number;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('user_items')
    .values({ user_id: userId, item_id: itemId, ...changes, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

/** One person's rank of an item: their priority and Today mark. */
export interface Rank {
  user_id: string;
  item_id: string;
  priority: number | null;
  marked_for_today: number;
}

/** Everyone's ranks of these items, where there is one (a priority or a Today mark). */
export async function ranksOf(db: Executor, itemIds: readonly string[]): Promise<Rank[]> {
  const ranks: Rank[] = [];
  for (const chunk of idChunks(itemIds)) {
    ranks.push(
      ...(await db
        .selectFrom('user_items')
        .select(['user_id', 'item_id', 'priority', 'marked_for_today'])
        .where('item_id', 'in', chunk)
        .where((eb) => eb.or([eb('priority', 'is not', null), eb('marked_for_today', '=', 1)]))
        .execute()),
    );
  }
  return ranks;
}

/**
 * Clears everyone's priority and Today mark on these items (completed items leave the
 * Organizer); rows with neither are left as they are.
 */
export async function clearPriorities(db: Executor, itemIds: string[], now: number): Promise<void> {
  for (const chunk of idChunks(itemIds)) {
    await db
      .updateTable('user_items')
      .set({ priority: null, marked_for_today: 0, updated_at: now })
      .where('item_id', 'in', chunk)
      .where((eb) => eb.or([eb('priority', 'is not', null), eb('marked_for_today', '=', 1)]))
      .execute();
  }
}

/**
 * Puts back the ranks a change at `at` cleared (an undone completion), while none of them
 * changed since (each row last written at `at`), each row's version now `now`: one UPDATE
 * from a list of values per 250 ranks, the check in its WHERE. False when one changed, the
 * caller then rolls back. The values' columns keep their standard names (`column1`…) on both
 * engines.
 */
export async function restoreRanksClearedAt(
  db: Executor,
  ranks: readonly Rank[],
  { at, now }: { at: number; now: number },
): Promise<boolean> {
  for (const chunk of idChunks(ranks, 250)) {
    const values = sql.join(
      chunk.map(
        (rank) =>
          sql`(cast(${rank.user_id} as text), cast(${rank.item_id} as text), cast(${rank.priority} as double precision), cast(${rank.marked_for_today} as integer))`,
      ),
    );
    const result = await sql`update user_items
      set priority = v.column3, marked_for_today = v.column4, updated_at = ${now}
      from (values ${values}) as v
      where user_items.user_id = v.column1 and user_items.item_id = v.column2
        and user_items.updated_at = ${at}`.execute(db);
    if (Number(result.numAffectedRows) !== chunk.length) return false;
  }
  return true;
}

/** The caller's own state of an item (user_items), if they have any. */
export function findUserItem(db: Executor, userId: string, itemId: string) {
  return db
    .selectFrom('user_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}
