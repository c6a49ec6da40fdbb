import { randomBytes } from 'node:crypto';
import type {
  ActivateBody,
  ForgotBody,
  LoginBody,
  PasswordResetBody,
  ResendActivationBody,
  SignupBody,
} from '@nestbox/shared/auth/auth.schema';
import { DEFAULT_TIMEZONE } from '@nestbox/shared/constants';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import { type UserLocale, userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import {
  type LoginAnswer,
  SECOND_FACTOR_TTL_MS,
  type SecondFactorLoginBody,
} from '@nestbox/shared/two-factor/two-factor.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { Limit, RateLimiter } from '../../http/rate-limit.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderActionMail } from '../../mail/templates.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  activateIfPending,
  findUserByEmail,
  findUserById,
  foldEmail,
  insertUserWithRootBox,
  markActivated,
  presentUser,
  replaceEmail,
  replacePassword,
  setPendingEmail,
} from '../users/users.service.js';
import { hashToken, TOKEN_TTL_MS } from './account-links.js';
import {
  consumeAccountToken,
  type EmailedTokenPurpose,
  findAccountToken,
  insertAccountToken,
  retireAccountTokens,
} from './account-tokens.repository.js';
import {
  SECOND_FACTOR_REFUSED,
  type SecondFactorCheck,
  type SecondFactorProof,
  type SessionEnder,
} from './auth.contract.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { refuseWeakPassword } from './password-policy.js';
import {
  deleteExpiredRevokedTokens,
  insertRevokedToken,
  isTokenRevoked,
} from './revoked-tokens.repository.js';
import { signSecondStepToken, signSessionToken, verifySecondStepToken } from './session-tokens.js';

const HOUR = 3_600_000;

/** Attempts allowed per caller address and per account, per window (429 beyond). */
export const AUTH_LIMITS = {
  login: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
  signup: { ip: { max: 20, windowMs: HOUR } },
  forgot: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  resend: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  reset: { ip: { max: 30, windowMs: HOUR } },
  /**
   * The second step of a sign-in (two-factor codes on): per caller address, and per sign-in
   * attempt (its token): the 5th wrong code locks that attempt, never the account.
   */
  secondFactor: { ip: { max: 30, windowMs: 15 * 60_000 }, attempt: { max: 5, windowMs: 15 * 60_000 } },
  /** A signed-in caller proving their current password (password or e-mail change). */
  currentPassword: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
} as const satisfies Record<string, { ip: Limit; account?: Limit; attempt?: Limit }>;

/** Checks a captcha answer (ALTCHA or reCAPTCHA); false when it is missing or wrong. */
export type CaptchaVerifier = (response: string, ip: string) => Promise<boolean>;

export interface AuthServiceDeps {
  db: Executor;
  mailer: Mailer;
  limiter: RateLimiter;
  verifyCaptcha: CaptchaVerifier;
  appUrl: string;
  jwtSecret: string;
  /** Multiplies every limit (end-to-end runs only). */
  limitScale?: number;
  /** Records logins, logouts, password resets and e-mail changes. */
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
  /** Two-factor codes: a sign-in and a password reset ask for one when they are on. */
  secondFactor?: SecondFactorCheck;
  /** Ends live sockets when their sessions end (logout, password reset). */
  sessions?: SessionEnder;
  /** Told of each logout once it is recorded (the session's devices stop being notified). */
  onLoggedOut?: (sessionId: string) => Promise<void>;
  now: Clock;
}

/** Account life cycle: sign-up, activation, login, forgotten password and reset (SPEC §4 "Account"). */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer, limiter, audit } = deps;
  const { now } = deps;

  async function limit(action: keyof typeof AUTH_LIMITS, ip: string, account?: string) {
    const limits: { ip: Limit; account?: Limit } = AUTH_LIMITS[action];
    const scaled = (l: Limit) => ({ ...l, max: l.max * (deps.limitScale ?? 1) });
    await limiter.consume(`${action}:ip:${ip}`, scaled(limits.ip));
    if (account && limits.account) {
      // Login counts an account's failures per caller address: wrong passwords sent from
      // elsewhere never lock the rightful owner out of their own device.
      const key =
        action === 'login'
          ? `${action}:account:${foldEmail(account)}:ip:${ip}`
          : `${action}:account:${foldEmail(account)}`;
      await limiter.consume(key, scaled(limits.account));
    }
  }

  /** Issues a fresh single-use link token (256 random bits; only its hash is stored). */
  async function issueToken(executor: Executor, userId: string, purpose: EmailedTokenPurpose) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await retireAccountTokens(executor, userId, purpose, at);
    await insertAccountToken(executor, {
      id: newId(),
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: at + TOKEN_TTL_MS[purpose],
      now: at,
    });
    return token;
  }

  async function sendActivationMail(user: { email: string; name: string; locale: string }, token: string) {
    await mailer.send(
      renderActionMail('activation', {
        to: user.email,
        name: user.name,
        locale: userLocaleOf(user.locale),
        link: `${deps.appUrl}/activate-account/${token}`,
      }),
    );
  }

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
    const result = (await deps.secondFactor?.check(userId, code)) ?? 'off';
    if (result === 'wrong' || result === 'used') {
      await audit.record({
        type: 'twoFactor.failed',
        userId,
        details: { during: attempt.during, reason: result },
      });
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
   * What resetting a password with two-factor codes on needs besides the link: a code, counted
   * on the link (its fifth wrong one locks it for 15 minutes). Undefined when codes are off.
   */
  async function resetProof(
    record: { id: string; userId: string },
    code: string | undefined,
  ): Promise<SecondFactorProof | undefined> {
    if (!(await deps.secondFactor?.isOn(db, record.userId))) return undefined;
    if (!code)
      throw appErrors.badRequest('error.validation', { code: 'validation.secondFactor.code.required' });
    const proof = await proveSecondFactor(record.userId, code, {
      key: `reset:${record.id}`,
      locked: 'reset.secondFactor.locked',
      during: 'passwordReset',
    });
    return proof === 'off' ? undefined : proof;
  }

  async function usableResetToken(verifyId: string) {
    const record = await findAccountToken(db, 'password_reset', hashToken(verifyId));
    if (!record || record.usedAt !== null) throw appErrors.badRequest('reset.invalid');
    if (record.expiresAt <= now()) throw appErrors.gone('reset.expired');
    return record;
  }

  return {
    async signup(body: SignupBody, ip: string, requestLocale: UserLocale) {
      await limit('signup', ip);
      refuseWeakPassword(body.password);
      const timezone = body.timezone ?? DEFAULT_TIMEZONE;
      if (!isValidTimeZone(timezone))
        throw appErrors.badRequest('error.validation', { timezone: 'validation.timezone.invalid' });
      if (await findUserByEmail(db, body.email)) {
        throw appErrors.conflict('validation.email.taken', { email: 'validation.email.taken' });
      }
      const at = now();
      const user = {
        id: newId(),
        email: foldEmail(body.email),
        name: body.name,
        password_hash: await hashPassword(body.password),
        locale: body.locale ?? requestLocale,
        timezone,
        created_at: at,
        updated_at: at,
      };
      const token = await db.transaction().execute(async (trx) => {
        await insertUserWithRootBox(trx, user, newId());
        return issueToken(trx, user.id, 'activation');
      });
      await sendActivationMail(user, token);
      return 'signup.success' as const;
    },

    async activate({ confirmHash }: ActivateBody) {
      const record = await findAccountToken(db, 'activation', hashToken(confirmHash));
      if (!record) throw appErrors.badRequest('activation.invalid');
      // A link opened a second time: the account it activated is active, and can log in.
      if (record.usedAt !== null) {
        const user = await findUserById(db, record.userId);
        if (user?.activated_at != null) throw appErrors.conflict('activation.alreadyActive');
        throw appErrors.badRequest('activation.invalid');
      }
      if (record.expiresAt <= now()) throw appErrors.gone('activation.expired');
      await db.transaction().execute(async (trx) => {
        if (!(await consumeAccountToken(trx, record.id, now())))
          throw appErrors.badRequest('activation.invalid');
        await markActivated(trx, record.userId, now());
      });
      return 'activation.success' as const;
    },

    async resendActivation(body: ResendActivationBody, ip: string) {
      await limit('resend', ip, body.email);
      let user = body.email ? await findUserByEmail(db, body.email) : undefined;
      if (!user && body.confirmHash) {
        const record = await findAccountToken(db, 'activation', hashToken(body.confirmHash));
        user = record && (await findUserById(db, record.userId));
      }
      if (!user) throw appErrors.notFound(body.email ? 'forgot.notFound' : 'activation.resendFailed');
      if (user.activated_at !== null) throw appErrors.conflict('activation.alreadyActive');
      const token = await issueToken(db, user.id, 'activation');
      await sendActivationMail(user, token);
      return 'activation.resent' as const;
    },

    /**
     * Checks the e-mail and password. With two-factor codes off, answers the session; with
     * them on, answers the token of the second step (five minutes) instead.
     */
    async login(body: LoginBody, ip: string): Promise<LoginAnswer> {
      await limit('login', ip, body.email);
      const user = await findUserByEmail(db, body.email);
      const failed = (reason: 'unknownEmail' | 'wrongPassword' | 'notActivated') =>
        audit.record({
          type: 'auth.loginFailed',
          userId: user?.id ?? null,
          details: { email: foldEmail(body.email), reason },
        });
      // Unknown e-mail and wrong password: the same answer after the same work.
      if (!(await verifyPassword(user?.password_hash, body.password)) || !user) {
        await failed(user ? 'wrongPassword' : 'unknownEmail');
        throw appErrors.badRequest('login.failed');
      }
      if (user.activated_at === null) {
        await failed('notActivated');
        throw appErrors.forbidden('activation.required');
      }
      const claims = {
        userId: user.id,
        tokenVersion: user.token_version,
        rememberMe: body.rememberMe ?? false,
      };
      if (await deps.secondFactor?.isOn(db, user.id))
        return {
          secondFactor: await signSecondStepToken(deps.jwtSecret, claims, now(), SECOND_FACTOR_TTL_MS),
        };
      await audit.record({
        type: 'auth.login',
        userId: user.id,
        details: { rememberMe: claims.rememberMe },
      });
      const token = await signSessionToken(deps.jwtSecret, claims, now());
      return { token, user: presentUser(user, now()) };
    },

    /**
     * The second step of a sign-in: the token `login` answered and a code (from the app, or a
     * recovery code). Answers the session as `login` does. The token is taken once; its fifth
     * wrong code locks it (429), and a password change since it was signed voids it.
     */
    async loginSecondFactor({ token, code }: SecondFactorLoginBody, ip: string): Promise<LoginResponse> {
      const claims = verifySecondStepToken(deps.jwtSecret, token, now());
      if (!claims) throw appErrors.badRequest('login.secondFactor.expired');
      await limit('secondFactor', ip);
      const user = await findUserById(db, claims.userId);
      if (
        !user ||
        user.activated_at === null ||
        user.token_version !== claims.tokenVersion ||
        (await isTokenRevoked(db, claims.tokenId))
      )
        throw appErrors.badRequest('login.secondFactor.expired');
      const proof = await proveSecondFactor(user.id, code, {
        key: claims.tokenId,
        locked: 'login.secondFactor.locked',
        during: 'signIn',
      });
      if (proof === 'off') throw appErrors.badRequest('login.secondFactor.expired');
      const entries = await db.transaction().execute(async (trx) => {
        if (
          !(await insertRevokedToken(trx, {
            tokenId: claims.tokenId,
            userId: user.id,
            expiresAt: claims.expiresAt,
          }))
        )
          throw appErrors.badRequest('login.secondFactor.expired');
        await takeSecondFactor(trx, user.id, proof);
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
    },

    async forgot({ email }: ForgotBody, ip: string) {
      await limit('forgot', ip, email);
      const user = await findUserByEmail(db, email);
      if (!user) throw appErrors.notFound('forgot.notFound');
      const token = await issueToken(db, user.id, 'password_reset');
      await mailer.send(
        renderActionMail('passwordReset', {
          to: user.email,
          name: user.name,
          locale: userLocaleOf(user.locale),
          link: `${deps.appUrl}/password-reset/${token}`,
        }),
      );
      return 'forgot.sent' as const;
    },

    /**
     * Is this reset link still usable? Throws 400 (invalid or used) or 410 (expired); answers
     * whether the reset will ask for a two-factor code.
     */
    async checkReset(verifyId: string, ip: string): Promise<{ secondFactor: boolean }> {
      await limit('reset', ip);
      const record = await usableResetToken(verifyId);
      return { secondFactor: (await deps.secondFactor?.isOn(db, record.userId)) ?? false };
    },

    async resetPassword(body: PasswordResetBody, ip: string) {
      await limit('reset', ip);
      const record = await usableResetToken(body.verifyId);
      // Everything the user can fix comes before the captcha, which an answer uses up.
      refuseWeakPassword(body.password);
      const proof = await resetProof(record, body.code);
      if (!(await deps.verifyCaptcha(body.gRecaptchaResponse ?? '', ip))) {
        throw appErrors.badRequest('captcha.failed');
      }
      const passwordHash = await hashPassword(body.password);
      const entries = await db.transaction().execute(async (trx) => {
        if (!(await consumeAccountToken(trx, record.id, now()))) throw appErrors.badRequest('reset.invalid');
        if (proof) await takeSecondFactor(trx, record.userId, proof);
        await replacePassword(trx, record.userId, passwordHash, now());
        await activateIfPending(trx, record.userId, now());
        return [
          ...(proof
            ? [
                await audit.write(trx, {
                  type: 'twoFactor.used',
                  userId: record.userId,
                  details: { during: 'passwordReset', method: proof.method },
                }),
              ]
            : []),
          await audit.write(trx, { type: 'auth.passwordReset', userId: record.userId }),
        ];
      });
      for (const entry of entries) audit.log(entry);
      deps.sessions?.endUserSessions(record.userId, 'passwordChanged');
      return 'reset.success' as const;
    },

    /** Forgets revocations of tokens that have expired anyway (a scheduled job). */
    pruneRevokedTokens: (at: number) => deleteExpiredRevokedTokens(db, at),

    /** Ends one session: the token stops working everywhere at once, and its sockets close. */
    async logout(userId: string, token: { id: string; expiresAt: number }) {
      // Committed on its own, before the event: the revocation drops this process's cached answer
      // for the token, which a transaction still open could let another request put back.
      await insertRevokedToken(db, { tokenId: token.id, userId, expiresAt: token.expiresAt });
      await audit.record({ type: 'auth.logout', userId });
      deps.sessions?.endTokenSessions(token.id, 'loggedOut');
      await deps.onLoggedOut?.(token.id);
    },

    /**
     * A signed-in caller proves their current password before a sensitive change: 400 when
     * wrong, and 429 after 10 attempts in 15 minutes on the account.
     */
    async verifyCurrentPassword(user: UserRow, password: string | undefined, ip: string) {
      if (!password)
        throw appErrors.badRequest('error.validation', {
          currentPassword: 'validation.currentPassword.required',
        });
      await limit('currentPassword', ip, user.id);
      if (!(await verifyPassword(user.password_hash, password))) {
        throw appErrors.badRequest('error.validation', {
          currentPassword: 'validation.currentPassword.wrong',
        });
      }
    },

    /** Refuses a weak password (400) and answers the hash to store for a good one. */
    async hashNewPassword(password: string): Promise<string> {
      refuseWeakPassword(password);
      return hashPassword(password);
    },

    /**
     * Records a wish to move the account to `newEmail` (inside the caller's transaction):
     * the address stays as it is until the link e-mailed to the new one is opened. Answers
     * what sends the two e-mails once the transaction has committed.
     */
    async requestEmailChange(executor: Executor, user: UserRow, newEmail: string) {
      const email = foldEmail(newEmail);
      const holder = await findUserByEmail(executor, email);
      if (holder && holder.id !== user.id)
        throw appErrors.conflict('validation.email.taken', { email: 'validation.email.taken' });
      const token = await issueToken(executor, user.id, 'email_change');
      await setPendingEmail(executor, user.id, email, now() + TOKEN_TTL_MS.email_change);
      return async () => {
        const locale = userLocaleOf(user.locale);
        await mailer.send(
          renderActionMail('emailChange', {
            to: email,
            name: user.name,
            locale,
            link: `${deps.appUrl}/confirm-email/${token}`,
            params: { email },
          }),
        );
        await mailer.send(
          renderActionMail('emailChangeNotice', {
            to: user.email,
            name: user.name,
            locale,
            link: `${deps.appUrl}/forgot`,
            params: { email },
          }),
        );
      };
    },

    /** Opens an e-mail change link: the pending address becomes the account's, proven. */
    async confirmEmailChange({ confirmHash }: ActivateBody) {
      const record = await findAccountToken(db, 'email_change', hashToken(confirmHash));
      if (!record || record.usedAt !== null) throw appErrors.badRequest('emailChange.invalid');
      if (record.expiresAt <= now()) throw appErrors.gone('emailChange.expired');
      const user = await findUserById(db, record.userId);
      const email = user?.pending_email;
      if (!user || !email) throw appErrors.badRequest('emailChange.invalid');
      const entry = await db.transaction().execute(async (trx) => {
        const holder = await findUserByEmail(trx, email);
        if (holder && holder.id !== user.id)
          throw appErrors.conflict('validation.email.taken', { email: 'validation.email.taken' });
        if (!(await consumeAccountToken(trx, record.id, now())))
          throw appErrors.badRequest('emailChange.invalid');
        if (!(await replaceEmail(trx, user.id, email, now())))
          throw appErrors.badRequest('emailChange.invalid');
        return audit.write(trx, {
          type: 'users.emailChanged',
          userId: user.id,
          details: { from: user.email, to: email },
        });
      });
      audit.log(entry);
      return 'emailChange.success' as const;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

// What the app, the live channel, other modules and the command line use of sessions and passwords.
export { insertResetToken } from './account-links.js';
export { createAuthenticate, isSessionLive, sessionForToken } from './authenticate.js';
export {
  hashPassword,
  hasUsablePassword,
  UNUSABLE_PASSWORD_HASH,
  verifyPassword,
} from './password-hasher.js';
export { signSessionToken } from './session-tokens.js';
