import type { Kysely } from 'kysely';

/**
 * `audit_events`: security-relevant events (modules/audit). `user_id` has no foreign key: a
 * row outlives whatever happens to the account it names, and nothing a user does deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_user_created')
    .on('audit_events')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_created')
    .on('audit_events')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
