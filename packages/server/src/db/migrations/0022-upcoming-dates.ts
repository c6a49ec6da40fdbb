import { type Kysely, sql } from 'kysely';

/**
 * The Upcoming view reads open texts by target date then id, a page at a time. This partial
 * index holds just those texts in that order, so a page is a walk from the cursor that stops
 * once it has enough rows the caller sees, whatever the number of dated texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_open_dated_idx')
    .on('items')
    .columns(['target_date', 'id'])
    .where(
      sql<boolean>`target_date is not null and completed_at is null and archived_at is null and type = 'todoText'`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_open_dated_idx').execute();
}
