import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/schema.js';
import { type EmailedTokenPurpose, insertAccountToken } from './account-tokens.repository.js';

const HOUR = 3_600_000;
/** Activation and e-mail change links live 24 hours; reset links 1 hour. All are single use. */
export const TOKEN_TTL_MS: Record<EmailedTokenPurpose, number> = {
  activation: 24 * HOUR,
  password_reset: HOUR,
  email_change: 24 * HOUR,
};

/** Link tokens are stored as their SHA-256: a database leak reveals no usable link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores a password-reset link for a person without e-mailing it (the end-to-end helpers) and
 * answers the token it carries; `expired` makes one whose time is already up.
 */
export async function insertResetToken(
  db: Executor,
  userId: string,
  { now, expired }: { now: number; expired: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertAccountToken(db, {
    id: newId(),
    userId,
    purpose: 'password_reset',
    tokenHash: hashToken(token),
    expiresAt: expired ? now - 1 : now + TOKEN_TTL_MS.password_reset,
    now,
  });
  return token;
}
