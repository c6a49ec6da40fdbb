import type { Kysely, Selectable } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import type { Database, PushSubscriptionsTable } from '../../db/schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * Keeps a device's subscription for this person and session, unless the person already has
 * `max` other devices: false then, and nothing changes. A subscription is the person's own at
 * that endpoint: subscribing it again (a new session) renews their row, and another person
 * signed in on the same device gets a row of their own. On PostgreSQL the person's row is
 * locked for the count, so two devices subscribing at once cannot both pass the cap; SQLite
 * runs one transaction at a time.
 */
export async function addSubscription(
  db: Kysely<Database>,
  engine: DbEngine,
  max: number,
  row: PushSubscriptionRow,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
    const { others } = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('others'))
      .where('user_id', '=', row.user_id)
      .where('endpoint', '!=', row.endpoint)
      .executeTakeFirstOrThrow();
    if (Number(others) >= max) return false;
    await trx
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'endpoint']).doUpdateSet({
          p256dh: row.p256dh,
          auth: row.auth,
          session_id: row.session_id,
          token_version: row.token_version,
          session_expires_at: row.session_expires_at,
          created_at: row.created_at,
        }),
      )
      .execute();
    return true;
  });
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
