import type { Kysely } from 'kysely';

/**
 * Mentions (modules/reminders' unread list, written by modules/comments): one row per person
 * a comment names with `@`. The row is both the comment's mention of them and their
 * notification, unread until they read it, beside the fired reminders in the same list and
 * badge. It goes with its comment, its item and its person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mention_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('mention_events_comment_user', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('mention_events_user_idx')
    .on('mention_events')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('mention_events_item_idx').on('mention_events').column('item_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mention_events').execute();
}
