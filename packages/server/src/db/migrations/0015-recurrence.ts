import type { Kysely } from 'kysely';

/**
 * Recurring items: an item's RFC 5545 RRULE (`recurrence_rule`, without DTSTART: the target
 * date is the series' current occurrence), whether the next occurrence counts from the
 * completion instead of the due date, and how many occurrences of the rule were completed
 * (what a COUNT is measured against). `item_completions` keeps each completed occurrence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('recurrence_rule', 'text').execute();
  await db.schema
    .alterTable('items')
    .addColumn('recur_from_completion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('recurrence_done', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('item_completions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('occurrence', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_completions_item')
    .on('item_completions')
    .columns(['item_id', 'completed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_completions').execute();
  await db.schema.alterTable('items').dropColumn('recurrence_done').execute();
  await db.schema.alterTable('items').dropColumn('recur_from_completion').execute();
  await db.schema.alterTable('items').dropColumn('recurrence_rule').execute();
}
