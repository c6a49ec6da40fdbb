import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Records an answered challenge; true only for the first caller (a replay finds it taken). */
export async function claimUsedCaptcha(
  db: Kysely<Database>,
  signature: string,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .insertInto('used_captchas')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets answered challenges that have expired (they could not be replayed anyway); answers how many. */
export async function deleteExpiredCaptchas(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('used_captchas').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
