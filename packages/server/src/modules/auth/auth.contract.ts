import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
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

/** Why a code was refused, as the code field says it. */
export const SECOND_FACTOR_REFUSED = {
  wrong: 'twoFactor.code.wrong',
  used: 'twoFactor.code.used',
} as const satisfies Record<string, MessageKey>;

/** A code that was right, as it is then taken: the app's time step, or a recovery code. */
export type SecondFactorProof = { method: 'app'; step: number } | { method: 'recoveryCode'; id: string };

/**
 * What signing in and resetting a password ask of two-factor codes. The two-factor module
 * implements it and the app wires it in, so neither module imports the other's service.
 */
export interface SecondFactorCheck {
  /** Whether the person has two-factor codes on, so a password alone no longer signs them in. */
  isOn(executor: Executor, userId: string): Promise<boolean>;
  /**
   * Checks a code (from the app, or a recovery code) without taking it: the proof to take,
   * `wrong`, `used` (a code already taken, in its time step) or `off` (codes are not on).
   */
  check(userId: string, code: string): Promise<SecondFactorProof | 'wrong' | 'used' | 'off'>;
  /** Takes a checked code, inside the caller's transaction: false when it was taken meanwhile. */
  take(executor: Executor, userId: string, proof: SecondFactorProof): Promise<boolean>;
}

/**
 * A second step met, as the sign-in then takes it: how (`app`, `recoveryCode`, `passkey`), and
 * what taking it changes inside the sign-in's transaction (a code used up, a passkey's counter).
 */
export interface SecondStepProof {
  method: string;
  take(executor: Executor): Promise<void>;
}
