import type { Kysely } from 'kysely';

/**
 * `import_keys`: the imports a person sent with an `Idempotency-Key` header (modules/data),
 * written in the import's own transaction, so that the same request sent again (its answer
 * was lost) answers what the first one did and imports nothing twice. A key is the person's
 * own; the request's fingerprint tells a retry from another file sent with a key used
 * already. Kept until `expires_at`, then pruned by the scheduler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('import_keys_expires_idx').on('import_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_keys').execute();
}
