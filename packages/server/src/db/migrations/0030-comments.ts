import type { Kysely } from 'kysely';

/**
 * Comments (modules/comments): one row per comment on an item, by its author (null once the
 * author's account is gone, or when no account here wrote it: an imported comment, whose
 * writer's name `author_name` keeps), with when it was written and last edited; a comment goes with its
 * item. `items.comment_count` keeps each item's number of comments, written in the transaction
 * that adds or removes one, so every list presents it without counting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('comments_item_idx')
    .on('comments')
    .columns(['item_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_author_idx').on('comments').column('author_id').execute();
  await db.schema
    .alterTable('items')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('comment_count').execute();
  await db.schema.dropTable('comments').execute();
}
