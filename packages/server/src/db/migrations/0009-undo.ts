import type { Kysely } from 'kysely';

/**
 * Undo: what a change that moved, hid or lost something looked like before, so its author can
 * put it back for a while (`modules/undo`).
 * - `undo_entries`: one per undoable change: its kind, a small JSON payload, when it expires
 *   and when it was undone (an entry is undone once).
 * - `undo_entry_rows`: the rows the change touched, as JSON arrays of at most 1,000 (a box of
 *   100,000 items completed at once is 100 of them), read back a slice at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('undo_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('undo_entries_expires_idx').on('undo_entries').column('expires_at').execute();
  await db.schema.createIndex('undo_entries_user_idx').on('undo_entries').column('user_id').execute();

  await db.schema
    .createTable('undo_entry_rows')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('undo_entries.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('undo_entry_rows_pk', ['entry_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('undo_entry_rows').execute();
  await db.schema.dropTable('undo_entries').execute();
}
