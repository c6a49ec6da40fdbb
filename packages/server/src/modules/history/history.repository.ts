import type { HistoryCursor } from '@nestbox/shared/history/history.schema';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor, ItemEventsTable } from '../../db/schema.js';

/** An event and its actor's account name (null once the account is gone). */
export type ItemEventRow = ItemEventsTable & { actor_name: string | null };

export async function insertItemEvents(db: Executor, rows: readonly ItemEventsTable[]): Promise<void> {
  for (const chunk of idChunks(rows, 500)) await db.insertInto('item_events').values(chunk).execute();
}

/** An item's events newest first (ties by id), strictly after `before` in that order; `limit` at most. */
export function itemEventsOf(
  db: Executor,
  { itemId, before, limit }: { itemId: string; before: HistoryCursor | undefined; limit: number },
): Promise<ItemEventRow[]> {
  let query = db
    .selectFrom('item_events')
    .leftJoin('users', 'users.id', 'item_events.user_id')
    .selectAll('item_events')
    .select('users.name as actor_name')
    .where('item_events.item_id', '=', itemId);
  // A row comparison: both engines seek the (item_id, created_at, id) index to the cursor.
  if (before)
    query = query.where((eb) =>
      eb(eb.refTuple('item_events.created_at', 'item_events.id'), '<', eb.tuple(before.at, before.id)),
    );
  return query
    .orderBy('item_events.created_at', 'desc')
    .orderBy('item_events.id', 'desc')
    .limit(limit)
    .execute();
}

/** The display names of these accounts, by id (those gone are missing). */
export async function namesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const slice of idChunks(userIds))
    for (const row of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', slice).execute())
      names.set(row.id, row.name);
  return names;
}

/** The titles of these items, by id (those gone are missing). */
export async function titlesOf(db: Executor, itemIds: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const slice of idChunks(itemIds))
    for (const row of await db.selectFrom('items').select(['id', 'title']).where('id', 'in', slice).execute())
      titles.set(row.id, row.title);
  return titles;
}
