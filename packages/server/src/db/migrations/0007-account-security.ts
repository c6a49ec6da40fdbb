import type { Kysely } from 'kysely';

/**
 * Account security records:
 * - `users.email_verified_at`: when the address was proven (seed, activation, e-mail change or
 *   reset link); the base seed only makes a proven account the administrator.
 * - `users.pending_email`: an address change waiting for the link sent to it.
 * - `revoked_tokens`: session tokens ended by a logout, kept until they would have expired.
 * - `used_captchas`: answered ALTCHA challenges, kept until they expire (no replay, across
 *   restarts and instances).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.alterTable('users').addColumn('pending_email_expires_at', 'bigint').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_idx')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('used_captchas')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_captchas_expires_idx').on('used_captchas').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_captchas').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.alterTable('users').dropColumn('pending_email_expires_at').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
