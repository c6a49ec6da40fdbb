import { randomBytes } from 'node:crypto';
import type {
  ActivateBody,
  LoginBody,
  ResendActivationBody,
  SignupBody,
} from '@nestbox/shared/auth/auth.schema';
import { DEFAULT_TIMEZONE } from '@nestbox/shared/constants';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import { type UserLocale, userLocaleOf } from '@nestbox/shared/i18n/locales';
import { type LoginAnswer, SECOND_FACTOR_TTL_MS } from '@nestbox/shared/two-factor/two-factor.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderActionMail } from '../../mail/templates.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  findUserByEmail,
  findUserById,
  foldEmail,
  insertUserWithRootBox,
  markActivated,
  presentUser,
  replaceEmail,
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
import type { SecondFactorCheck, SessionEnder } from './auth.contract.js';
import { createAuthLimit } from './auth-limits.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { refuseWeakPassword } from './password-policy.js';
import { createPasswordReset } from './password-reset.js';
import { deleteExpiredRevokedTokens, insertRevokedToken } from './revoked-tokens.repository.js';
import { createSecondStep } from './second-step.js';
import { signSecondStepToken, signSessionToken } from './session-tokens.js';

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
  const limit = createAuthLimit(limiter, deps.limitScale);

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

  const secondStep = createSecondStep({ ...deps, limit });
  const passwordReset = createPasswordReset({ ...deps, limit, issueToken, secondStep });

  return {
    async signup(body: SignupBody, ip: string, requestLocale: UserLocale) {
      await limit('signup', ip);
      await refuseWeakPassword(body.password);
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

    loginSecondFactor: secondStep.loginSecondFactor,
    /** The second step's person (other ways of meeting it, passkeys, ask before they begin). */
    secondStepUser: async (token: string) => (await secondStep.secondStepUser(token)).user,
    finishSecondStep: secondStep.finishSecondStep,
    ...passwordReset,

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
      await refuseWeakPassword(password);
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
// The sign-in limits, which other ways of signing in (OIDC, CalDAV, passkeys) count against too.
export { AUTH_LIMITS, type AuthLimit, createAuthLimit } from './auth-limits.js';
export { createAuthenticate, isSessionLive, sessionForToken } from './authenticate.js';
export {
  hashPassword,
  hasUsablePassword,
  UNUSABLE_PASSWORD_HASH,
  verifyPassword,
} from './password-hasher.js';
export { signSessionToken } from './session-tokens.js';
