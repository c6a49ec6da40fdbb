import type { Kysely } from 'kysely';

/**
 * Children of a box in their full order (position, then id) straight from the index, so
 * reading a pane of hundreds of items needs no sort step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_parent_position_id_idx')
    .on('items')
    .columns(['parent_id', 'position', 'id'])
    .execute();
  await db.schema.dropIndex('items_parent_position_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_parent_position_idx')
    .on('items')
    .columns(['parent_id', 'position'])
    .execute();
  await db.schema.dropIndex('items_parent_position_id_idx').execute();
}
