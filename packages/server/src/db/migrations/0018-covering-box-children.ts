import { type Kysely, sql } from 'kysely';

/**
 * The sub-box index (0004) carries what the walk down the caller's boxes reads of each
 * sub-box (`seen_boxes` in modules/access: its id and whether it is archived), so the walk
 * never visits the table. Without it SQLite preferred building a throwaway index over every
 * item on each query that walks the boxes twice (the Organizer's lists, tag searches).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_box_children_idx').execute();
  await db.schema
    .createIndex('items_box_children_idx')
    .on('items')
    .columns(['parent_id', 'archived_at', 'id'])
    .where(sql.ref('type'), '=', 'todoBox')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_box_children_idx').execute();
  await db.schema
    .createIndex('items_box_children_idx')
    .on('items')
    .column('parent_id')
    .where(sql.ref('type'), '=', 'todoBox')
    .execute();
}
