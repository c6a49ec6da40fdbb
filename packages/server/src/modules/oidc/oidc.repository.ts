import type { Executor, OidcIdentitiesTable } from '../../db/schema.js';

/** The identity with this subject at this issuer, whoever holds it. */
export function findIdentityBySubject(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<OidcIdentitiesTable | undefined> {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The identity this account holds at this issuer, if any. */
export function findIdentityOfUser(
  db: Executor,
  userId: string,
  issuer: string,
): Promise<OidcIdentitiesTable | undefined> {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
}

export async function insertIdentity(db: Executor, row: OidcIdentitiesTable): Promise<void> {
  await db.insertInto('oidc_identities').values(row).execute();
}

/** A sign-in through the identity: when, and the address the provider gave this time. */
export async function touchIdentity(
  db: Executor,
  id: string,
  email: string | null,
  at: number,
): Promise<void> {
  await db.updateTable('oidc_identities').set({ email, last_used_at: at }).where('id', '=', id).execute();
}

/** Removes one of this account's identities; false when it has none by that id. */
export async function deleteIdentity(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('oidc_identities')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** One of this account's identities by its id; undefined when it is not theirs. */
export function findOwnIdentity(
  db: Executor,
  userId: string,
  id: string,
): Promise<OidcIdentitiesTable | undefined> {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether this account has an identity at any provider. */
export async function hasIdentity(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
