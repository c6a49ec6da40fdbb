import { type Kysely, sql } from 'kysely';

/**
 * Customizations: the web app's colours, `system` (the device's light or dark setting, the
 * default), `light` or `dark`. The column carries its own CHECK, which SQLite accepts on an
 * added column (unlike the constraints migration 0008 adds to existing ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('color_scheme', 'text', (c) =>
      c.notNull().defaultTo('system').check(sql`color_scheme in ('system', 'light', 'dark')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('color_scheme').execute();
}
