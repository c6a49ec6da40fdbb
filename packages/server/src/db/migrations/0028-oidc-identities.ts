import type { Kysely } from 'kysely';

/**
 * `oidc_identities` (modules/oidc): an account's identity at an OpenID Connect provider, by
 * the provider's issuer and the subject it names the person by, which stay the same when the
 * person's address at the provider changes. One identity per account and issuer; an identity
 * belongs to one account. `email` is the address the provider gave at the last sign-in, shown
 * in Settings only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('oidc_identities_issuer_subject_key', ['issuer', 'subject'])
    .addUniqueConstraint('oidc_identities_user_issuer_key', ['user_id', 'issuer'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_identities').execute();
}
