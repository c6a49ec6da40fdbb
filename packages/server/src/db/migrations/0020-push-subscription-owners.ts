import { type Kysely, sql } from 'kysely';

/**
 * Push subscriptions belong to a person at an endpoint: the table's key becomes
 * (user_id, endpoint) instead of the endpoint alone, so one person subscribing a device never
 * takes over another's row (whose unsubscribe would then remove nothing). SQLite cannot drop
 * a column's UNIQUE, so the table is rebuilt on both engines the same way, rows kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['user_id', 'endpoint']);
}

/** Back to one row per endpoint: of several people's rows at one endpoint, the latest is kept. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from push_subscriptions where exists (
      select 1 from push_subscriptions later
      where later.endpoint = push_subscriptions.endpoint
        and (later.created_at > push_subscriptions.created_at
          or (later.created_at = push_subscriptions.created_at and later.id > push_subscriptions.id)))`.execute(
    db,
  );
  await rebuild(db, ['endpoint']);
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
}

/** The table again with `unique` as its key, every row copied over. */
async function rebuild(db: Kysely<unknown>, unique: ('user_id' | 'endpoint')[]): Promise<void> {
  await db.schema
    .createTable('push_subscriptions_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('session_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint(`push_subscriptions_${unique.join('_')}_key`, unique)
    .execute();
  await sql`insert into push_subscriptions_next
      (id, user_id, endpoint, p256dh, auth, session_id, token_version, session_expires_at, created_at)
    select id, user_id, endpoint, p256dh, auth, session_id, token_version, session_expires_at, created_at
    from push_subscriptions`.execute(db);
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.alterTable('push_subscriptions_next').renameTo('push_subscriptions').execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_id')
    .execute();
}
