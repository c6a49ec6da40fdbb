import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Records a logged-out (or used-up) token until it would have expired; false when it was
 * recorded already (a second logout changes nothing).
 */
export async function insertRevokedToken(
  db: Kysely<Database>,
  token: { tokenId: string; userId: string; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('revoked_tokens')
    .values({ token_id: token.tokenId, user_id: token.userId, expires_at: token.expiresAt })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .executeTakeFirst();
  notRevoked.delete(token.tokenId);
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Tokens seen not revoked, and until when that answer is kept in this process (it is asked on
 * every authenticated request): a logout here drops it at once, one on another instance shows
 * within REVOCATION_CHECK_TTL_MS.
 */
export const REVOCATION_CHECK_TTL_MS = 1_000;
const NOT_REVOKED_KEPT = 10_000;
const notRevoked = new Map<string, number>();

export async function isTokenRevoked(
  db: Kysely<Database>,
  tokenId: string,
  { cached = false }: { cached?: boolean } = {},
): Promise<boolean> {
  const now = Date.now();
  if (cached && (notRevoked.get(tokenId) ?? 0) > now) return false;
  const row = await db
    .selectFrom('revoked_tokens')
    .select('token_id')
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  notRevoked.delete(tokenId);
  if (row !== undefined) return true;
  if (notRevoked.size >= NOT_REVOKED_KEPT) notRevoked.delete(notRevoked.keys().next().value as string);
  notRevoked.set(tokenId, now + REVOCATION_CHECK_TTL_MS);
  return false;
}

/** Forgets revocations of tokens that have expired anyway; answers how many. */
export async function deleteExpiredRevokedTokens(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
