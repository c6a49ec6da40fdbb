import type { Executor } from '../../db/schema.js';

/**
 * Archives every item whose auto-archive time has come, in one atomic statement, and
 * answers their ids: concurrent instances each get a disjoint set, so nothing is done twice.
 */
export async function dueAutoArchives(db: Executor, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('auto_archive_at', '<=', now)
    .where('archived_at', 'is', null)
    .orderBy('auto_archive_at')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Archives one due item if it is still due: one atomic UPDATE … RETURNING, so when several
 * instances sweep at once exactly one of them archives it. Answers whether this call did.
 */
export async function claimAutoArchive(db: Executor, itemId: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('items')
    .set({ archived_at: now, auto_archive_at: null, updated_at: now })
    .where('id', '=', itemId)
    .where('auto_archive_at', '<=', now)
    .where('archived_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
