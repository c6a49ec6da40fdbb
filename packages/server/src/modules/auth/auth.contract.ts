import type { SessionEndReason } from '@nestbox/shared/realtime/events';
import type { Executor, UserRow } from '../../db/schema.js';

/**
 * Ends the live connections of sessions that no longer count (logout, password change or
 * reset). Sessions are this module's; the live channel implements the port and the app wires
 * it in, so neither imports the other.
 */
export interface SessionEnder {
  /**
   * Ends every live connection of a user, telling each why first — except those of
   * `exceptTokenId`, whose tab carries on with a new token and is only disconnected.
   */
  endUserSessions(userId: string, reason: SessionEndReason, exceptTokenId?: string): void;
  /** Ends the live connections opened with one token, on every instance, telling them why. */
  endTokenSessions(tokenId: string, reason: SessionEndReason): void;
}

/** What a signed-in person's own account changes (profile, password) ask of the accounts service. */
export interface AccountChecks {
  /** Proves the current password: 400 when missing or wrong, 429 after too many attempts. */
  verifyCurrentPassword(user: UserRow, password: string | undefined, ip: string): Promise<void>;
  /**
   * Records a wish to move the account to `newEmail`, inside the caller's transaction; answers
   * what sends the e-mails once that transaction has committed.
   */
  requestEmailChange(executor: Executor, user: UserRow, newEmail: string): Promise<() => Promise<void>>;
  /** Refuses a weak password (400) and answers the hash to store for a good one. */
  hashNewPassword(password: string): Promise<string>;
}
