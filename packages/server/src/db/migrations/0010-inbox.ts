import type { Kysely } from 'kysely';

/**
 * `users.inbox_item_id`: the box quick capture puts texts into when no box is named, made on
 * the first capture. It is forgotten when the box is deleted; when it is archived (or no
 * longer the user's to edit) the next capture makes a new one and remembers that instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('inbox_item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('inbox_item_id').execute();
}
