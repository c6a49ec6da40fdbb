import type { Executor, PasskeyPurpose, PasskeysTable } from '../../db/schema.js';

/** The person's passkeys, newest first. */
export function listPasskeys(db: Executor, userId: string): Promise<PasskeysTable[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPasskeyByCredential(
  db: Executor,
  credentialId: string,
): Promise<PasskeysTable | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** One of this person's passkeys by its id; undefined when it is not theirs. */
export function findOwnPasskey(db: Executor, userId: string, id: string): Promise<PasskeysTable | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertPasskey(db: Executor, row: PasskeysTable): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

export async function renamePasskey(
  db: Executor,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePasskey(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * A sign-in with the passkey: its new counter, and when. False when the stored counter moved
 * meanwhile (another sign-in with the same answer got there first).
 */
export async function recordPasskeyUse(
  db: Executor,
  passkey: Pick<PasskeysTable, 'id' | 'counter'>,
  counter: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertChallenge(
  db: Executor,
  row: { challenge: string; purpose: PasskeyPurpose; user_id: string | null; expires_at: number },
): Promise<void> {
  await db.insertInto('passkey_challenges').values(row).execute();
}

/**
 * Takes a ceremony's challenge, once: answers whose it was (null for a sign-in), or undefined
 * when it is unknown, was taken already, was made for something else, or has expired.
 */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  purpose: PasskeyPurpose,
  at: number,
): Promise<{ userId: string | null } | undefined> {
  const row = await db
    .selectFrom('passkey_challenges')
    .select(['user_id', 'purpose', 'expires_at'])
    .where('challenge', '=', challenge)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n || row.purpose !== purpose || row.expires_at <= at) return undefined;
  return { userId: row.user_id };
}

/** Forgets the challenges of ceremonies never finished (a scheduled job). */
export async function deleteExpiredChallenges(db: Executor, at: number): Promise<number> {
  const result = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
