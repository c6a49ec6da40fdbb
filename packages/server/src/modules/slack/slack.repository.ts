import type { AccountTokenPurpose, Executor } from '../../db/schema.js';

/** The account_tokens purpose of a Slack OAuth state: single use, short-lived, bound to a user. */
const STATE_PURPOSE = 'slack_oauth_state' satisfies AccountTokenPurpose;

export type SlackAccountRow = Awaited<ReturnType<typeof listSlackAccounts>>[number];

export function listSlackAccounts(db: Executor, userId: string) {
  return db
    .selectFrom('slack_accounts')
    .select([
      'id',
      'user_id',
      'team_id',
      'team_name',
      'slack_user_id',
      'slack_user_name',
      'inbox_item_id',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findSlackAccountBySlackUser(db: Executor, teamId: string, slackUserId: string) {
  return db
    .selectFrom('slack_accounts')
    .select(['id', 'user_id', 'inbox_item_id'])
    .where('team_id', '=', teamId)
    .where('slack_user_id', '=', slackUserId)
    .executeTakeFirst();
}

/** Links (or re-links, to whoever asked last) a Slack user of a team. */
export async function upsertSlackAccount(
  db: Executor,
  row: {
    id: string;
    userId: string;
    teamId: string;
    teamName: string;
    slackUserId: string;
    slackUserName: string | null;
    accessTokenEnc: string;
    inboxItemId: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('slack_accounts')
    .values({
      id: row.id,
      user_id: row.userId,
      team_id: row.teamId,
      team_name: row.teamName,
      slack_user_id: row.slackUserId,
      slack_user_name: row.slackUserName,
      access_token_enc: row.accessTokenEnc,
      inbox_item_id: row.inboxItemId,
      created_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['team_id', 'slack_user_id']).doUpdateSet({
        user_id: row.userId,
        team_name: row.teamName,
        slack_user_name: row.slackUserName,
        access_token_enc: row.accessTokenEnc,
        inbox_item_id: row.inboxItemId,
      }),
    )
    .execute();
}

export async function setSlackInbox(db: Executor, accountId: string, inboxItemId: string) {
  await db
    .updateTable('slack_accounts')
    .set({ inbox_item_id: inboxItemId })
    .where('id', '=', accountId)
    .execute();
}

/** Deletes one of the user's accounts; false when it is not theirs (or does not exist). */
export async function deleteSlackAccount(db: Executor, userId: string, accountId: string) {
  const result = await db
    .deleteFrom('slack_accounts')
    .where('id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertOAuthState(
  db: Executor,
  state: { id: string; userId: string; stateHash: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: state.id,
      user_id: state.userId,
      purpose: STATE_PURPOSE,
      token_hash: state.stateHash,
      expires_at: state.expiresAt,
      created_at: state.now,
    })
    .execute();
}

/**
 * Uses up a state: answers its user only when the state exists, has not expired and nobody
 * used it before (one atomic UPDATE, so two racing callbacks cannot both win).
 */
export async function consumeOAuthState(
  db: Executor,
  stateHash: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', stateHash)
    .where('purpose', '=', STATE_PURPOSE)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Records a Slack event id; false when it was seen before (a retried delivery). */
export async function recordSlackEvent(db: Executor, eventId: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('slack_events')
    .values({ event_id: eventId, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
