import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import type { SecondFactorLoginBody } from '@nestbox/shared/two-factor/two-factor.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/schema.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/audit.service.js';
import { findUserById, presentUser } from '../users/users.service.js';
import {
  SECOND_FACTOR_REFUSED,
  type SecondFactorCheck,
  type SecondFactorProof,
  type SecondStepProof,
} from './auth.contract.js';
import { AUTH_LIMITS, type AuthLimit } from './auth-limits.js';
import { insertRevokedToken, isTokenRevoked } from './revoked-tokens.repository.js';
import { signSessionToken, verifySecondStepToken } from './session-tokens.js';

export interface SecondStepDeps {
  db: Executor;
  limiter: RateLimiter;
  limit: AuthLimit;
  jwtSecret: string;
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
  secondFactor?: SecondFactorCheck;
  now: Clock;
}

/** Two-factor codes asked for by a sign-in (its second step) and a password reset. */
export function createSecondStep(deps: SecondStepDeps) {
  const { db, limiter, audit, now } = deps;

  /**
   * Counts one code sent for a sign-in attempt or a reset link (`key`): past the fifth in 15
   * minutes that attempt answers 429 with `locked`, whatever the code; other attempts go on.
   */
  async function countCodeAttempt(key: string, locked: MessageKey) {
    try {
      await limiter.consume(`secondFactor:attempt:${key}`, AUTH_LIMITS.secondFactor.attempt);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429)
        throw new AppError(429, locked, undefined, error.headers);
      throw error;
    }
  }

  /**
   * Checks a code for `userId` (counted on the attempt `key`); a wrong or used one is recorded
   * and refused on the code field. Answers the proof to take in the change's transaction.
   */
  async function proveSecondFactor(
    userId: string,
    code: string,
    attempt: { key: string; locked: MessageKey; during: 'signIn' | 'passwordReset' },
  ): Promise<SecondFactorProof | 'off'> {
    await countCodeAttempt(attempt.key, attempt.locked);
    return checkSecondFactor(userId, code, attempt.during);
  }

  /** Checks a code, uncounted; a wrong or used one is recorded and refused on the code field. */
  async function checkSecondFactor(
    userId: string,
    code: string,
    during: 'signIn' | 'passwordReset',
  ): Promise<SecondFactorProof | 'off'> {
    const result = (await deps.secondFactor?.check(userId, code)) ?? 'off';
    if (result === 'wrong' || result === 'used') {
      await audit.record({ type: 'twoFactor.failed', userId, details: { during, reason: result } });
      throw appErrors.badRequest('error.validation', { code: SECOND_FACTOR_REFUSED[result] });
    }
    return result;
  }

  /** Takes a checked code inside the change's transaction; one taken meanwhile is a code used. */
  async function takeSecondFactor(executor: Executor, userId: string, proof: SecondFactorProof) {
    if (!(await deps.secondFactor?.take(executor, userId, proof)))
      throw appErrors.badRequest('error.validation', { code: SECOND_FACTOR_REFUSED.used });
  }

  /**
   * The person a second step's token was signed for, while it is usable: one whose password
   * has not changed since, and the token not taken yet.
   */
  async function secondStepUser(token: string) {
    const claims = verifySecondStepToken(deps.jwtSecret, token, now());
    if (!claims) throw appErrors.badRequest('login.secondFactor.expired');
    const user = await findUserById(db, claims.userId);
    if (
      !user ||
      user.activated_at === null ||
      user.token_version !== claims.tokenVersion ||
      (await isTokenRevoked(db, claims.tokenId))
    )
      throw appErrors.badRequest('login.secondFactor.expired');
    return { user, claims };
  }

  /**
   * Ends the second step of a sign-in: the token `login` answered, met by `prove` (a code, or a
   * passkey), which is counted on the token: its fifth failure locks that sign-in (429), never
   * the account. Answers the session as `login` does; the token is taken once.
   */
  async function finishSecondStep(
    token: string,
    ip: string,
    prove: (userId: string) => Promise<SecondStepProof>,
  ): Promise<LoginResponse> {
    await deps.limit('secondFactor', ip);
    const { user, claims } = await secondStepUser(token);
    await countCodeAttempt(claims.tokenId, 'login.secondFactor.locked');
    const proof = await prove(user.id);
    const entries = await db.transaction().execute(async (trx) => {
      if (
        !(await insertRevokedToken(trx, {
          tokenId: claims.tokenId,
          userId: user.id,
          expiresAt: claims.expiresAt,
        }))
      )
        throw appErrors.badRequest('login.secondFactor.expired');
      await proof.take(trx);
      return [
        await audit.write(trx, {
          type: 'twoFactor.used',
          userId: user.id,
          details: { during: 'signIn', method: proof.method },
        }),
        await audit.write(trx, {
          type: 'auth.login',
          userId: user.id,
          details: { rememberMe: claims.rememberMe, secondFactor: proof.method },
        }),
      ];
    });
    for (const entry of entries) audit.log(entry);
    const session = await signSessionToken(deps.jwtSecret, claims, now());
    return { token: session, user: presentUser(user, now()) };
  }

  /** The second step met with a code from the app, or a recovery code. */
  function loginSecondFactor({ token, code }: SecondFactorLoginBody, ip: string): Promise<LoginResponse> {
    return finishSecondStep(token, ip, async (userId) => {
      const proof = await checkSecondFactor(userId, code, 'signIn');
      if (proof === 'off') throw appErrors.badRequest('login.secondFactor.expired');
      return { method: proof.method, take: (trx) => takeSecondFactor(trx, userId, proof) };
    });
  }

  return { proveSecondFactor, takeSecondFactor, loginSecondFactor, secondStepUser, finishSecondStep };
}

export type SecondStep = ReturnType<typeof createSecondStep>;
