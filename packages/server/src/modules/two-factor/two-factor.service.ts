import type {
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@nestbox/shared/two-factor/two-factor.schema';
import { isAppCode } from '@nestbox/shared/two-factor/two-factor-code';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { Limit, RateLimiter } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  type AccountChecks,
  SECOND_FACTOR_REFUSED,
  type SecondFactorCheck,
  type SecondFactorProof,
} from '../auth/auth.contract.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { newTotpSecret, otpauthUri, qrCodeSvg, sealSecret, stepOfCode, unsealSecret } from './totp.js';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enabledAmong,
  findTwoFactor,
  findUnusedRecoveryCode,
  markEnabled,
  putPendingSecret,
  replaceRecoveryCodes,
  takeStep,
  useRecoveryCode,
} from './two-factor.repository.js';

/**
 * Codes a signed-in person types in Settings (to turn codes on or off, or for new recovery
 * codes): 10 tries in 15 minutes on the account, like a current password.
 */
export const SETTINGS_CODE_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

/** Where a code was asked for, as the audit trail says it. */
type During = 'enable' | 'disable' | 'regenerate';

/**
 * Two-factor codes (docs/guide.md "Two-factor codes"): a person enrols an authenticator app
 * (RFC 6238) from Settings → Security and gets ten single-use recovery codes; from then on a
 * sign-in and a password reset ask for a code too (through `SecondFactorCheck`, which the auth
 * module is given). A code from the app is taken once: the last time step used is kept.
 */
export function createTwoFactorService({
  db,
  now,
  serverSecret,
  limiter,
  accounts,
  audit,
}: {
  db: Executor;
  now: Clock;
  /** Seals the stored secrets and keys the recovery codes' hashes. */
  serverSecret: string;
  limiter: RateLimiter;
  /** Proving the current password (turning codes off) belongs to the accounts service. */
  accounts: Pick<AccountChecks, 'verifyCurrentPassword'>;
  /** Records enrolments, removals, failures and uses. */
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
}) {
  async function check(userId: string, code: string): Promise<SecondFactorProof | 'wrong' | 'used' | 'off'> {
    const row = await findTwoFactor(db, userId);
    if (!row || row.enabled_at === null) return 'off';
    if (isAppCode(code)) {
      const step = stepOfCode(unsealSecret(serverSecret, row.secret_sealed), code.replace(/\s/g, ''), now());
      if (step === undefined) return 'wrong';
      if (row.last_used_step !== null && step <= Number(row.last_used_step)) return 'used';
      return { method: 'app', step };
    }
    const id = await findUnusedRecoveryCode(db, userId, hashRecoveryCode(serverSecret, userId, code));
    return id === undefined ? 'wrong' : { method: 'recoveryCode', id };
  }

  function take(executor: Executor, userId: string, proof: SecondFactorProof): Promise<boolean> {
    return proof.method === 'app'
      ? takeStep(executor, userId, proof.step)
      : useRecoveryCode(executor, proof.id, now());
  }

  /** Fresh recovery codes for a person, stored hashed inside the caller's transaction; answers their text. */
  async function issueRecoveryCodes(executor: Executor, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    const at = now();
    await replaceRecoveryCodes(
      executor,
      userId,
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: hashRecoveryCode(serverSecret, userId, code),
        used_at: null,
        created_at: at,
      })),
    );
    return codes;
  }

  /**
   * A code typed in Settings: counted against the account, checked, and refused with the
   * field's message (and an audit entry) when wrong. Answers the proof to take.
   */
  async function proveWithCode(user: UserRow, code: string, during: During): Promise<SecondFactorProof> {
    await limiter.consume(`twoFactor:settings:${user.id}`, SETTINGS_CODE_LIMIT);
    const result = await check(user.id, code);
    if (result === 'off') throw appErrors.conflict('twoFactor.notOn');
    if (typeof result === 'string') {
      await audit.record({ type: 'twoFactor.failed', userId: user.id, details: { during, reason: result } });
      throw appErrors.badRequest('error.validation', { code: SECOND_FACTOR_REFUSED[result] });
    }
    return result;
  }

  /** Takes a proof inside the caller's transaction; a proof taken meanwhile is a code used. */
  async function takeOrRefuse(executor: Executor, userId: string, proof: SecondFactorProof) {
    if (!(await take(executor, userId, proof)))
      throw appErrors.badRequest('error.validation', { code: 'twoFactor.code.used' });
  }

  const secondFactor: SecondFactorCheck = {
    isOn: async (executor, userId) => (await findTwoFactor(executor, userId))?.enabled_at != null,
    check,
    take,
  };

  return {
    secondFactor,

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const row = await findTwoFactor(db, user.id);
      const enabledAt = row?.enabled_at == null ? null : Number(row.enabled_at);
      return {
        enabled: enabledAt !== null,
        enabledAt,
        recoveryCodesLeft: enabledAt === null ? 0 : await countUnusedRecoveryCodes(db, user.id),
      };
    },

    /**
     * Starts an enrolment: a new secret (replacing one not confirmed yet), answered as text, as
     * the key URI and as its QR code. Codes stay off until a code from it is confirmed.
     */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      const started = await putPendingSecret(db, {
        user_id: user.id,
        secret_sealed: sealSecret(serverSecret, secret),
        created_at: now(),
      });
      if (!started) throw appErrors.conflict('twoFactor.alreadyOn');
      const uri = otpauthUri(user.email, secret);
      return { secret, uri, qrSvg: await qrCodeSvg(uri) };
    },

    /** Confirms an enrolment with a code from the app: codes are on, and the recovery codes answered once. */
    async enable(user: UserRow, code: string): Promise<RecoveryCodes> {
      await limiter.consume(`twoFactor:settings:${user.id}`, SETTINGS_CODE_LIMIT);
      const row = await findTwoFactor(db, user.id);
      if (!row) throw appErrors.conflict('twoFactor.setupFirst');
      if (row.enabled_at !== null) throw appErrors.conflict('twoFactor.alreadyOn');
      const step = isAppCode(code)
        ? stepOfCode(unsealSecret(serverSecret, row.secret_sealed), code.replace(/\s/g, ''), now())
        : undefined;
      if (step === undefined) {
        await audit.record({
          type: 'twoFactor.failed',
          userId: user.id,
          details: { during: 'enable', reason: 'wrong' },
        });
        throw appErrors.badRequest('error.validation', { code: 'twoFactor.code.wrong' });
      }
      const { codes, entry } = await db.transaction().execute(async (trx) => {
        if (!(await markEnabled(trx, user.id, now(), step))) throw appErrors.conflict('twoFactor.alreadyOn');
        const codes = await issueRecoveryCodes(trx, user.id);
        return { codes, entry: await audit.write(trx, { type: 'twoFactor.enabled', userId: user.id }) };
      });
      audit.log(entry);
      return { recoveryCodes: codes };
    },

    /** Turns codes off, proven by the current password or a code (from the app or a recovery code). */
    async disable(user: UserRow, body: TwoFactorDisableBody, ip: string): Promise<void> {
      let proof: SecondFactorProof | undefined;
      if (body.code) proof = await proveWithCode(user, body.code, 'disable');
      else await accounts.verifyCurrentPassword(user, body.currentPassword, ip);
      const entry = await db.transaction().execute(async (trx) => {
        if (proof) await takeOrRefuse(trx, user.id, proof);
        if (!(await deleteTwoFactor(trx, user.id))) throw appErrors.conflict('twoFactor.notOn');
        return audit.write(trx, {
          type: 'twoFactor.disabled',
          userId: user.id,
          details: { proof: proof ? proof.method : 'password' },
        });
      });
      audit.log(entry);
    },

    /** New recovery codes for a code: every older one stops working. */
    async regenerateRecoveryCodes(user: UserRow, code: string): Promise<RecoveryCodes> {
      const proof = await proveWithCode(user, code, 'regenerate');
      const { codes, entry } = await db.transaction().execute(async (trx) => {
        await takeOrRefuse(trx, user.id, proof);
        const codes = await issueRecoveryCodes(trx, user.id);
        const entry = await audit.write(trx, {
          type: 'twoFactor.recoveryCodesRegenerated',
          userId: user.id,
          details: { proof: proof.method },
        });
        return { codes, entry };
      });
      audit.log(entry);
      return { recoveryCodes: codes };
    },

    /** Of these people, those whose codes are on (the administrators' list). */
    enabledAmong: (userIds: readonly string[]) => enabledAmong(db, userIds),

    /**
     * An administrator turns a person's codes off (a lost phone and lost recovery codes): the
     * person then signs in with their password alone, and may enrol again. Their own codes
     * they turn off as anyone does, with a code or their password.
     */
    async resetFor(admin: UserRow, userId: string): Promise<void> {
      if (admin.is_admin !== 1) throw appErrors.forbidden();
      if (userId === admin.id) throw appErrors.forbidden('twoFactor.resetOwn');
      const entry = await db.transaction().execute(async (trx) => {
        if (!(await deleteTwoFactor(trx, userId))) throw appErrors.conflict('twoFactor.notOn');
        return audit.write(trx, {
          type: 'twoFactor.reset',
          userId,
          details: { adminId: admin.id, adminEmail: admin.email },
        });
      });
      audit.log(entry);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
