import type { ApiTokensTable, Executor } from '../../db/schema.js';

/** What a list shows of a token: everything but its hash and the version it was made at. */
const LISTED = ['id', 'name', 'scope', 'created_at', 'last_used_at'] as const;

export async function insertApiToken(db: Executor, row: ApiTokensTable): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

/** A user's tokens made at their current `token_version` (the ones that work), newest first. */
export function listApiTokens(db: Executor, userId: string, tokenVersion: number) {
  return db
    .selectFrom('api_tokens')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('token_version', '=', tokenVersion)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the user's tokens made before a password change or reset (they no longer work). */
export async function deleteEndedApiTokens(
  db: Executor,
  userId: string,
  tokenVersion: number,
): Promise<void> {
  await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('token_version', '<>', tokenVersion)
    .execute();
}

/** Deletes one of the user's tokens; answers its name, or undefined when they have no such token. */
export async function deleteApiToken(db: Executor, userId: string, id: string): Promise<string | undefined> {
  const deleted = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('name')
    .executeTakeFirst();
  return deleted?.name;
}

export function findApiTokenByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'scope', 'token_version', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Records a use at `at` unless the last one recorded is later than `notAfter`: one conditional
 * UPDATE, so however many requests and instances use a token at once, one of them writes.
 */
export async function touchApiToken(db: Executor, id: string, at: number, notAfter: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', notAfter)]))
    .execute();
}
