import type { ForgotBody, PasswordResetBody } from '@nestbox/shared/auth/auth.schema';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderActionMail } from '../../mail/templates.js';
import type { AuditService } from '../audit/audit.service.js';
import { activateIfPending, findUserByEmail, replacePassword } from '../users/users.service.js';
import { hashToken } from './account-links.js';
import {
  consumeAccountToken,
  type EmailedTokenPurpose,
  findAccountToken,
} from './account-tokens.repository.js';
import type { SecondFactorCheck, SecondFactorProof, SessionEnder } from './auth.contract.js';
import type { AuthLimit } from './auth-limits.js';
import { hashPassword } from './password-hasher.js';
import { refuseWeakPassword } from './password-policy.js';
import type { SecondStep } from './second-step.js';

export interface PasswordResetDeps {
  db: Executor;
  mailer: Mailer;
  appUrl: string;
  verifyCaptcha: (response: string, ip: string) => Promise<boolean>;
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
  secondFactor?: SecondFactorCheck;
  sessions?: SessionEnder;
  now: Clock;
  limit: AuthLimit;
  issueToken: (executor: Executor, userId: string, purpose: EmailedTokenPurpose) => Promise<string>;
  secondStep: Pick<SecondStep, 'proveSecondFactor' | 'takeSecondFactor'>;
}

/** Forgotten password: the e-mailed reset link, its check, and the reset itself. */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { db, mailer, audit, now, limit, secondStep } = deps;

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
    const proof = await secondStep.proveSecondFactor(record.userId, code, {
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
    async forgot({ email }: ForgotBody, ip: string) {
      await limit('forgot', ip, email);
      const user = await findUserByEmail(db, email);
      if (!user) throw appErrors.notFound('forgot.notFound');
      const token = await deps.issueToken(db, user.id, 'password_reset');
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
      await refuseWeakPassword(body.password);
      const proof = await resetProof(record, body.code);
      if (!(await deps.verifyCaptcha(body.gRecaptchaResponse ?? '', ip))) {
        throw appErrors.badRequest('captcha.failed');
      }
      const passwordHash = await hashPassword(body.password);
      const entries = await db.transaction().execute(async (trx) => {
        if (!(await consumeAccountToken(trx, record.id, now()))) throw appErrors.badRequest('reset.invalid');
        if (proof) await secondStep.takeSecondFactor(trx, record.userId, proof);
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
  };
}
