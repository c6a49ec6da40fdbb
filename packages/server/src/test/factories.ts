import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { newId } from '../db/ids.js';
import type { Database, UserRow } from '../db/schema.js';
import { hashPassword, signSessionToken } from '../modules/auth/auth.service.js';
import { insertTagsOf } from '../modules/items/items.service.js';
import { findUserById, insertUserWithRootBox } from '../modules/users/users.service.js';

let counter = 0;

/**
 * A fresh address: the label, then digits only, so that a test searching people by name never
 * finds one by chance in the clock's letters (base 36 spells "zoe" on some days).
 */
export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${++counter}@example.test`;

export const DEFAULT_PASSWORD = 'correct horse battery';

/** An activated user with a root box, inserted directly (tests of other flows start here). */
export async function createUser(
  db: Kysely<Database>,
  overrides: {
    email?: string;
    name?: string;
    password?: string;
    locale?: string;
    activated?: boolean;
    isAdmin?: boolean;
  } = {},
  now: number = Date.now(),
): Promise<UserRow & { password: string }> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const id = newId();
  await insertUserWithRootBox(
    db,
    {
      id,
      email: (overrides.email ?? uniqueEmail()).toLowerCase(),
      name: overrides.name ?? 'Test User',
      password_hash: await hashPassword(password),
      locale: overrides.locale ?? 'en-GB',
      is_admin: overrides.isAdmin ? 1 : 0,
      activated_at: overrides.activated === false ? null : now,
      created_at: now,
      updated_at: now,
    },
    newId(),
  );
  const user = await findUserById(db, id);
  if (!user) throw new Error('factory: user not created');
  return { ...user, password };
}

/** A user as API tests use one: the row, a session token, and the id of their root box. */
export type SignedInUser = UserRow & { password: string; token: string; root: string };

export async function createSignedInUser(
  t: { database: { db: Kysely<Database> }; secrets: { jwtSecret: string }; now?: Clock },
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<SignedInUser> {
  const now = t.now?.() ?? Date.now();
  const user = await createUser(t.database.db, overrides, now);
  return {
    ...user,
    token: await tokenFor(t.secrets.jwtSecret, user, now),
    root: await rootBoxOf(t.database.db, user.id),
  };
}

/** The id of a user's Workspace (root box). */
export async function rootBoxOf(db: Kysely<Database>, userId: string): Promise<string> {
  const root = await db
    .selectFrom('items')
    .select('id')
    .where('created_by', '=', userId)
    .where('is_root_box', '=', 1)
    .executeTakeFirst();
  if (!root) throw new Error('factory: root box missing');
  return root.id;
}

/** A valid session token for a user, as a login at `now` would give (24-hour session). */
export function tokenFor(secret: string, user: UserRow, now: number = Date.now()): Promise<string> {
  return signSessionToken(
    secret,
    { userId: user.id, tokenVersion: user.token_version, rememberMe: false },
    now,
  );
}

/** An item row straight into the tree (tests of the commands start from a tree they built). */
export async function insertItemRow(
  db: Kysely<Database>,
  row: { type: 'todoBox' | 'todoText'; parent: string; createdBy: string; position?: number; title?: string },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('items')
    .values({
      id,
      type: row.type,
      title: row.title ?? id,
      parent_id: row.parent,
      position: row.position ?? 1024,
      created_by: row.createdBy,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  await insertTagsOf(db, [{ id, type: row.type, title: row.title ?? id }]);
  return id;
}
