import type { Executor } from '../../db/schema.js';

/** An import sent with a key: what the request was, and the answer it got (empty while it runs). */
export interface ImportKeyRow {
  fingerprint: string;
  result: string;
}

/** The person's key as an import left it, unless it expired by `at`. */
export function findImportKey(
  db: Executor,
  { userId, key, at }: { userId: string; key: string; at: number },
): Promise<ImportKeyRow | undefined> {
  return db
    .selectFrom('import_keys')
    .select(['fingerprint', 'result'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * Takes the person's key for the import running in the caller's transaction (a key that
 * expired is free again). False when another import holds it. An import holding it and not yet
 * committed makes this wait until it ends (the primary key): then false if it committed, true
 * if it rolled back.
 */
export async function claimImportKey(
  db: Executor,
  {
    userId,
    key,
    fingerprint,
    at,
    expiresAt,
  }: {
    userId: string;
    key: string;
    fingerprint: string;
    at: number;
    expiresAt: number;
  },
): Promise<boolean> {
  await db
    .deleteFrom('import_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('expires_at', '<=', at)
    .execute();
  const inserted = await db
    .insertInto('import_keys')
    .values({ user_id: userId, key, fingerprint, result: '', created_at: at, expires_at: expiresAt })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The answer of the import holding the key, inside its transaction. */
export async function saveImportKeyResult(
  db: Executor,
  { userId, key, result }: { userId: string; key: string; result: string },
): Promise<void> {
  await db
    .updateTable('import_keys')
    .set({ result })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Forgets the keys that expired by `at`; answers how many. */
export async function deleteExpiredImportKeys(db: Executor, at: number): Promise<number> {
  const result = await db.deleteFrom('import_keys').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
