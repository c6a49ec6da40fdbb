import type { AccountTokenPurpose, Executor } from '../../db/schema.js';

/** The purposes of the links the account e-mails carry (the Slack OAuth state is Slack's own). */
export type EmailedTokenPurpose = Exclude<AccountTokenPurpose, 'slack_oauth_state'>;

export interface AccountTokenRecord {
  id: string;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertAccountToken(
  db: Executor,
  token: {
    id: string;
    userId: string;
    purpose: EmailedTokenPurpose;
    tokenHash: string;
    expiresAt: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.now,
    })
    .execute();
}

export async function findAccountToken(
  db: Executor,
  purpose: EmailedTokenPurpose,
  tokenHash: string,
): Promise<AccountTokenRecord | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at };
}

/** Marks a token used if nobody has yet; true only for the one caller that wins. */
export async function consumeAccountToken(db: Executor, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every unused token of a purpose, so only the newest link works. */
export async function retireAccountTokens(
  db: Executor,
  userId: string,
  purpose: EmailedTokenPurpose,
  now: number,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
