import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Records a logged-out token until it would have expired (a second logout changes nothing). */
export async function insertRevokedToken(
  db: Kysely<Database>,
  token: { tokenId: string; userId: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ token_id: token.tokenId, user_id: token.userId, expires_at: token.expiresAt })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
}

export async function isTokenRevoked(db: Kysely<Database>, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_tokens')
    .select('token_id')
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets revocations of tokens that have expired anyway; answers how many. */
export async function deleteExpiredRevokedTokens(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
