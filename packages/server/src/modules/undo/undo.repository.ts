import { idChunks } from '../../db/id-chunks.js';
import type { Executor, UndoEntriesTable } from '../../db/schema.js';

export async function insertEntry(db: Executor, entry: UndoEntriesTable): Promise<void> {
  await db.insertInto('undo_entries').values(entry).execute();
}

/** Writes an entry's rows, at most 1,000 to a stored row (`seq` 0, 1, 2, … in order). */
export async function insertEntryRows(
  db: Executor,
  entryId: string,
  rows: readonly unknown[],
): Promise<void> {
  for (const [seq, chunk] of idChunks(rows).entries())
    await db
      .insertInto('undo_entry_rows')
      .values({ entry_id: entryId, seq, rows: JSON.stringify(chunk) })
      .execute();
}

export function findEntry(db: Executor, id: string) {
  return db.selectFrom('undo_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the user's entry undone if it still may be (not yet undone, not expired): one UPDATE,
 * so of two undos of one entry at once exactly one goes on. False when it may not.
 */
export async function claimEntry(db: Executor, id: string, userId: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('undo_entries')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many stored slices (of up to 1,000 rows each) one read of an entry's rows takes. */
const SLICES_PER_READ = 20;

/**
 * An entry's rows, one stored slice at a time, in the order they were written; read
 * SLICES_PER_READ slices to a statement, so that a large entry costs few round trips and no
 * more memory than those slices.
 */
export async function* entryRows(db: Executor, entryId: string): AsyncGenerator<unknown[]> {
  for (let from = 0; ; from += SLICES_PER_READ) {
    const stored = await db
      .selectFrom('undo_entry_rows')
      .select('rows')
      .where('entry_id', '=', entryId)
      .where('seq', '>=', from)
      .where('seq', '<', from + SLICES_PER_READ)
      .orderBy('seq')
      .execute();
    for (const row of stored) yield JSON.parse(row.rows) as unknown[];
    if (stored.length < SLICES_PER_READ) return;
  }
}

/** Forgets the entries that expired by `at` (their rows go with them); answers how many. */
export async function deleteExpiredEntries(db: Executor, at: number): Promise<number> {
  const result = await db.deleteFrom('undo_entries').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
