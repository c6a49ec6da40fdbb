import { SYSTEM_USER } from '@nestbox/shared/constants';
import type { Kysely } from 'kysely';
import { foldEmail, forgetSessionUser, insertUserWithRootBox } from '../../modules/users/users.service.js';
import { newId } from '../ids.js';
import type { Database } from '../schema.js';

/** A password hash no password can match: the system user never logs in. */
const UNUSABLE_PASSWORD_HASH = '!';

/** The administrator named by NESTBOX_ADMIN_EMAIL / NESTBOX_ADMIN_PASSWORD. */
export interface SeedAdmin {
  email: string;
  /** argon2id hash of NESTBOX_ADMIN_PASSWORD (hashed before any transaction opens). */
  passwordHash: string;
  /** Re-create with this id and token version (a re-seed keeps the asking admin logged in). */
  keep?: { id: string; tokenVersion: number };
}

/**
 * The base seed: what every installation needs. Idempotent, run at every start.
 * Creates the system user (fixed id, en-GB, named System) and, when configured, the
 * administrator (activated, isAdmin, with a root box). An existing account with that address
 * keeps its password (the admin may have changed it) and is made an admin again only when
 * its address is proven: created by the seed, or confirmed by an activation or e-mail change
 * link. Whoever merely typed the address into their profile never becomes admin.
 */
export async function runBaseSeed(
  db: Kysely<Database>,
  now: number = Date.now(),
  options: { admin?: SeedAdmin } = {},
): Promise<void> {
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

  const { admin } = options;
  if (!admin) return;
  const email = foldEmail(admin.email);
  const existing = await db
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) {
    if (existing.email_verified_at !== null) {
      await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', existing.id).execute();
      forgetSessionUser(existing.id);
    }
    return;
  }
  await insertUserWithRootBox(
    db,
    {
      id: admin.keep?.id ?? newId(),
      email,
      name: 'Administrator',
      password_hash: admin.passwordHash,
      is_admin: 1,
      activated_at: now,
      email_verified_at: now,
      token_version: admin.keep?.tokenVersion ?? 0,
      created_at: now,
      updated_at: now,
    },
    newId(),
  );
}
