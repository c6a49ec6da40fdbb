import { SYSTEM_USER } from '@nestbox/shared/constants';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';
import { foldEmail, SESSION_USER_TTL_MS } from './users.contract.js';

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Each session's user, kept for SESSION_USER_TTL_MS; every write below drops its copy. */
const SESSION_USERS_KEPT = 10_000;
const sessionUsers = new Map<string, { user: UserRow; until: number }>();

/** The user for a session: like findUserById, from this process's short-lived copy when it has one. */
export async function findSessionUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  const now = Date.now();
  const kept = sessionUsers.get(id);
  if (kept && kept.until > now) return kept.user;
  const user = await findUserById(db, id);
  sessionUsers.delete(id);
  if (user) {
    if (sessionUsers.size >= SESSION_USERS_KEPT)
      sessionUsers.delete(sessionUsers.keys().next().value as string);
    sessionUsers.set(id, { user, until: now + SESSION_USER_TTL_MS });
  }
  return user;
}

/** Drops this process's copy of a user (every user with no id), after a write. */
export function forgetSessionUser(id?: string): void {
  if (id === undefined) sessionUsers.clear();
  else sessionUsers.delete(id);
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', foldEmail(email)).executeTakeFirst();
}

/** Inserts a user together with their root box ('Workspace'), which they own. */
export async function insertUserWithRootBox(
  db: Kysely<Database>,
  user: NewUserRow,
  rootBoxId: string,
): Promise<void> {
  await db.insertInto('users').values(user).execute();
  await db
    .insertInto('items')
    .values({
      id: rootBoxId,
      type: 'todoBox',
      title: 'Workspace',
      is_root_box: 1,
      created_by: user.id,
      created_at: user.created_at,
      updated_at: user.created_at,
    })
    .execute();
  await db
    .insertInto('item_users')
    .values({ item_id: rootBoxId, user_id: user.id, level: 'owner', created_at: user.created_at })
    .execute();
}

export async function updateUser(db: Kysely<Database>, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
  forgetSessionUser(id);
}

/**
 * The user's Inbox box (quick capture), read inside the caller's transaction after taking the
 * user's row (PostgreSQL locks it until the transaction ends; SQLite runs one at a time): two
 * captures at once read it one after the other, so only the first makes a new Inbox.
 */
export async function lockedInboxOf(db: Kysely<Database>, id: string): Promise<string | null> {
  await db
    .updateTable('users')
    .set((eb) => ({ inbox_item_id: eb.ref('inbox_item_id') }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('users').select('inbox_item_id').where('id', '=', id).executeTakeFirst();
  return row?.inbox_item_id ?? null;
}

/**
 * Sets a new password hash and bumps token_version, revoking every session of the user; a
 * pending e-mail change (perhaps asked for by whoever had a session) is dropped too.
 */
export async function replacePassword(
  db: Kysely<Database>,
  id: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      pending_email: null,
      pending_email_expires_at: null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
  forgetSessionUser(id);
}

/** Makes the pending address the account's, proven; false when no such change is pending. */
export async function replaceEmail(
  db: Kysely<Database>,
  id: string,
  email: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      email,
      email_verified_at: now,
      pending_email: null,
      pending_email_expires_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('pending_email', '=', email)
    .executeTakeFirst();
  forgetSessionUser(id);
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserByEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  // Items only this user could reach go with them; shared ones stay with their other members.
  await db
    .deleteFrom('items')
    .where('created_by', '=', user.id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('item_users')
            .select('item_users.item_id')
            .whereRef('item_users.item_id', '=', 'items.id')
            .where('item_users.user_id', '!=', user.id),
        ),
      ),
    )
    .execute();
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  forgetSessionUser(user.id);
  return true;
}

/** A proven e-mail address (a used reset link) activates a pending account. */
export async function activateIfPending(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ activated_at: now })
    .where('id', '=', id)
    .where('activated_at', 'is', null)
    .execute();
  forgetSessionUser(id);
}

/**
 * A page of accounts for the administrators, by address (the system account left out): those
 * after `after`, and whose name or address holds `q` (any case) when it is given.
 */
export function listAccounts(
  db: Kysely<Database>,
  { q, after, limit }: { q?: string | undefined; after?: string | undefined; limit: number },
): Promise<Pick<UserRow, 'id' | 'name' | 'email' | 'is_admin' | 'activated_at'>[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_admin', 'activated_at'])
    .where('id', '!=', SYSTEM_USER.id);
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('email')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (after !== undefined) query = query.where('email', '>', after);
  return query.orderBy('email').limit(limit).execute();
}
