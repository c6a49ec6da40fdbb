import { type Kysely, sql } from 'kysely';

/**
 * `api_tokens`: personal API tokens (`modules/tokens`). Only the SHA-256 of a token is kept,
 * never the token. A token works while its `token_version` equals its owner's (a password
 * change or reset ends it, as it ends every session); `last_used_at` moves at most once a
 * minute. `scope` is one of a fixed set, checked by the database on both engines (a new table
 * can carry its CHECK on SQLite too, unlike the columns of migration 0008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('api_tokens_scope_check', sql`scope in ('read', 'write')`)
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
