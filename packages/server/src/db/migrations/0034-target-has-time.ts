import type { Kysely } from 'kysely';

/**
 * Whether an item's target date carries a time of day (1) or is a day alone (0), recorded by
 * whatever sets the date, so that 00:00 can be a time. Null for dates set before it was
 * recorded: those are read as before, a date at the start of a day in the reader's zone being
 * a day alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('target_has_time', 'integer').execute();
}
