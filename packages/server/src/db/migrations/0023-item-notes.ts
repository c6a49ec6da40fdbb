import type { Kysely } from 'kysely';

/**
 * `items.note`: an item's note, Markdown written in Item settings or brought by an import,
 * shown through the web app's safe renderer. Null when the item has none; its length is
 * bounded by the API (NOTE_MAX_LENGTH), not by the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('note').execute();
}
