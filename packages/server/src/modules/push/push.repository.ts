import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * Keeps a device's subscription for this person and session. A device is its endpoint: one
 * that subscribes again (a new session, or another person signed in on it) takes the row over.
 */
export async function upsertSubscription(db: Kysely<Database>, row: PushSubscriptionRow): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        session_id: row.session_id,
        token_version: row.token_version,
        session_expires_at: row.session_expires_at,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** The person's subscription at this endpoint, if it is theirs. */
export async function findOwnSubscription(
  db: Kysely<Database>,
  userId: string,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/** Every device of these people. */
export async function subscriptionsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).execute();
}

/** Forgets the person's subscription at this endpoint (never anyone else's). */
export async function deleteOwnSubscription(db: Kysely<Database>, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** Forgets subscriptions by id (the push service said they are gone, or their session ended). */
export async function deleteSubscriptions(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** Forgets the subscriptions a session made (its logout). */
export async function deleteSessionSubscriptions(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}
