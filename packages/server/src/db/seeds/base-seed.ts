import { SYSTEM_USER } from '@nestbox/shared/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** A password hash no password can match: the system user never logs in. */
const UNUSABLE_PASSWORD_HASH = '!';

/**
 * The base seed: what every installation needs. Idempotent, run at every start.
 * Creates the system user (fixed id, en-GB, named System).
 */
export async function runBaseSeed(db: Kysely<Database>, now: number = Date.now()): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: SYSTEM_USER.id,
      email: SYSTEM_USER.email,
      name: SYSTEM_USER.name,
      password_hash: UNUSABLE_PASSWORD_HASH,
      locale: SYSTEM_USER.locale,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
