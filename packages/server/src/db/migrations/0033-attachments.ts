import type { Kysely } from 'kysely';

/**
 * Attachments (modules/attachments): one row per file attached to an item, by whom (null once
 * their account is gone), with its cleaned display name, the type sniffed from its bytes, its
 * size and whether a thumbnail is stored beside it. The bytes live in the attachment store
 * (the data directory or an S3 bucket) under the row's id; a row is written only once its
 * object is complete, and goes with its item (the store's sweep then removes the object).
 * Each person's total is summed over their rows through the uploader index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('uploader_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('thumbnail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_item_idx')
    .on('attachments')
    .columns(['item_id', 'created_at'])
    .execute();
  await db.schema.createIndex('attachments_uploader_idx').on('attachments').column('uploader_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attachments').execute();
}
