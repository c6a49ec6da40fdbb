import type { Kysely } from 'kysely';

/** Workspace settings: where a box opened from a pane shows ('newPane' or 'samePane'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('open_boxes_in', 'text', (c) => c.notNull().defaultTo('newPane'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('open_boxes_in').execute();
}
