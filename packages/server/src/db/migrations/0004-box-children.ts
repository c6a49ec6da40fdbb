import { type Kysely, sql } from 'kysely';

/**
 * The sub-boxes of each box, without its text items: the Organizer decides what the caller
 * can see by walking down their boxes (items.repository `seenBoxes`), which then never reads
 * the thousands of text items beside them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_box_children_idx')
    .on('items')
    .column('parent_id')
    .where(sql.ref('type'), '=', 'todoBox')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_box_children_idx').execute();
}
