import type { Kysely } from 'kysely';

/** Customizations: keyboard shortcuts in the web app, on unless the person turns them off. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('shortcuts_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('shortcuts_enabled').execute();
}
