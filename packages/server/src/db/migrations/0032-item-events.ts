import type { Kysely } from 'kysely';

/**
 * Item history (modules/history): one row per shared change to an item (created, renamed,
 * moved, completed, reopened, dated, shared, commented), by whom (null once their account is
 * gone) and when, with what it changed as a small JSON object; written in the transaction of
 * the change, and gone with its item. Read newest first, a page at a time, by item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_events_item_idx')
    .on('item_events')
    .columns(['item_id', 'created_at', 'id'])
    .execute();
  // A deleted account's events keep their place, their actor set to null through this index.
  await db.schema.createIndex('item_events_user_idx').on('item_events').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_events').execute();
}
