import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';

/** Recurring items' reads and writes: the advance of an occurrence and the history of completions. */

/**
 * Moves a recurring item from occurrence `from` to `to`, only while `from` is still its target
 * date and it still recurs: false when someone advanced (or changed) it meanwhile. On
 * PostgreSQL a second transaction waits for the first's row lock, then finds the date moved.
 */
export async function advanceOccurrence(
  db: Executor,
  { itemId, from, to, done, at }: { itemId: string; from: number; to: number; done: number; at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('items')
    .set({ target_date: to, recurrence_done: done, updated_at: at })
    .where('id', '=', itemId)
    .where('target_date', '=', from)
    .where('recurrence_rule', 'is not', null)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertCompletion(
  db: Executor,
  row: { id: string; item_id: string; user_id: string; occurrence: number; completed_at: number },
): Promise<void> {
  await db.insertInto('item_completions').values(row).execute();
}

/** Many completions at once (an import's history), in statements of a bounded size. */
export async function insertCompletionRows(
  db: Executor,
  rows: readonly { id: string; item_id: string; user_id: string; occurrence: number; completed_at: number }[],
): Promise<void> {
  for (const chunk of idChunks(rows, 1_000)) await db.insertInto('item_completions').values(chunk).execute();
}

export async function deleteCompletion(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('item_completions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** An item's completed occurrences, newest first, with the display name of who completed each. */
export async function completionsOf(db: Executor, itemId: string, limit: number) {
  return db
    .selectFrom('item_completions as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.occurrence', 'c.completed_at', 'u.name'])
    .where('c.item_id', '=', itemId)
    .orderBy('c.completed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}
