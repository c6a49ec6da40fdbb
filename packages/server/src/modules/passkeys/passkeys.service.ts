import type { UserLocale } from '@nestbox/shared/i18n/locales';
import {
  MAX_PASSKEYS,
  PASSKEY_CEREMONY_TTL_MS,
  type Passkey,
  type PasskeyOptions,
  type RegistrationResponse,
} from '@nestbox/shared/passkeys/passkeys.schema';
import type { Clock } from '../../clock.js';
import { constraintViolationOf } from '../../db/constraint-violation.js';
import { newId } from '../../db/ids.js';
import type { Executor, PasskeysTable, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { AuditService } from '../audit/audit.service.js';
import { hasUsablePassword } from '../auth/auth.service.js';
import { findUserById } from '../users/users.service.js';
import {
  countPasskeys,
  deleteExpiredChallenges,
  deletePasskey,
  findOwnPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  takeChallenge,
} from './passkeys.repository.js';
import { challengeOf, type RelyingParty } from './relying-party.js';

export interface PasskeysDeps {
  db: Executor;
  now: Clock;
  rp: RelyingParty;
  /** Records additions, renames, removals, sign-ins and refusals. */
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
  /** Whether the person can sign in some other way than a password or a passkey (single sign-on). */
  otherSignIn?: (executor: Executor, userId: string) => Promise<boolean>;
}

function presentPasskey(row: PasskeysTable): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    backedUp: row.backed_up === 1,
  };
}

/**
 * A person's passkeys, from Settings → Security (docs/guide.md "Passkeys"): added with the
 * browser's WebAuthn prompt, listed, renamed and removed. Signing in with them is
 * `passkey-sign-in.ts`'s.
 */
export function createPasskeysService({ db, now, rp, audit, otherSignIn }: PasskeysDeps) {
  return {
    async list(user: UserRow): Promise<Passkey[]> {
      return (await listPasskeys(db, user.id)).map(presentPasskey);
    },

    /** Begins adding a passkey: WebAuthn's options, with a challenge taken once. */
    async registrationOptions(user: UserRow): Promise<PasskeyOptions> {
      const existing = await listPasskeys(db, user.id);
      if (existing.length >= MAX_PASSKEYS) throw appErrors.conflict('passkeys.tooMany');
      const options = await rp.registrationOptions(user, existing);
      await insertChallenge(db, {
        challenge: options.challenge,
        purpose: 'register',
        user_id: user.id,
        expires_at: now() + PASSKEY_CEREMONY_TTL_MS,
      });
      return { options: { ...options } };
    },

    /** Adds the passkey the browser made for the options: checked, then kept with its name. */
    async add(
      user: UserRow,
      response: RegistrationResponse,
      name: string | undefined,
      locale: UserLocale,
    ): Promise<Passkey> {
      const challenge = challengeOf(response);
      const ceremony = challenge && (await takeChallenge(db, challenge, 'register', now()));
      if (!challenge) throw appErrors.badRequest('passkeys.failed');
      if (!ceremony || ceremony.userId !== user.id) throw appErrors.badRequest('passkeys.expired');
      const refuse = async (reason: string) => {
        await audit.record({
          type: 'passkeys.failed',
          userId: user.id,
          details: { during: 'register', reason },
        });
        return appErrors.badRequest('passkeys.failed');
      };
      let verified: Awaited<ReturnType<RelyingParty['verifyRegistration']>>;
      try {
        verified = await rp.verifyRegistration(response, challenge);
      } catch (error) {
        throw await refuse(error instanceof Error ? error.message : 'invalid');
      }
      if (!verified.verified) throw await refuse('unverified');
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const { row, entry } = await db.transaction().execute(async (trx) => {
        const count = await countPasskeys(trx, user.id);
        if (count >= MAX_PASSKEYS) throw appErrors.conflict('passkeys.tooMany');
        const at = now();
        const row: PasskeysTable = {
          id: newId(),
          user_id: user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          backed_up: credentialBackedUp ? 1 : 0,
          name: name ?? translate(locale, 'passkeys.defaultName', { n: count + 1 }),
          last_used_at: null,
          created_at: at,
        };
        await insertPasskey(trx, row).catch((error: unknown) => {
          throw constraintViolationOf(error) === 'conflict' ? appErrors.conflict('passkeys.exists') : error;
        });
        return {
          row,
          entry: await audit.write(trx, {
            type: 'passkeys.added',
            userId: user.id,
            details: { name: row.name },
          }),
        };
      });
      audit.log(entry);
      return presentPasskey(row);
    },

    async rename(user: UserRow, passkeyId: string, name: string): Promise<Passkey> {
      const { row, entry } = await db.transaction().execute(async (trx) => {
        const before = await findOwnPasskey(trx, user.id, passkeyId);
        if (!before || !(await renamePasskey(trx, user.id, passkeyId, name))) throw appErrors.notFound();
        return {
          row: { ...before, name },
          entry: await audit.write(trx, {
            type: 'passkeys.renamed',
            userId: user.id,
            details: { name, from: before.name },
          }),
        };
      });
      audit.log(entry);
      return presentPasskey(row);
    },

    /**
     * Removes a passkey. The last one of an account with no password and no single sign-on is
     * its only way in, and stays.
     */
    async remove(user: UserRow, passkeyId: string): Promise<void> {
      const entry = await db.transaction().execute(async (trx) => {
        const passkey = await findOwnPasskey(trx, user.id, passkeyId);
        if (!passkey) throw appErrors.notFound();
        // The password as stored now: the session's copy of the account may be a moment old.
        const stored = await findUserById(trx, user.id);
        if (
          !hasUsablePassword(stored?.password_hash) &&
          (await countPasskeys(trx, user.id)) === 1 &&
          !(await otherSignIn?.(trx, user.id))
        )
          throw appErrors.conflict('passkeys.lastWay');
        if (!(await deletePasskey(trx, user.id, passkeyId))) throw appErrors.notFound();
        return audit.write(trx, {
          type: 'passkeys.removed',
          userId: user.id,
          details: { name: passkey.name },
        });
      });
      audit.log(entry);
    },

    /** Whether the person has a passkey (another way in, for whoever removes one). */
    hasAny: async (executor: Executor, userId: string) => (await countPasskeys(executor, userId)) > 0,

    /** Forgets the challenges of ceremonies never finished (a scheduled job). */
    pruneChallenges: (at: number) => deleteExpiredChallenges(db, at),
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
