import {
  type AuthenticationResponse,
  PASSKEY_CEREMONY_TTL_MS,
  type PasskeyOptions,
} from '@nestbox/shared/passkeys/passkeys.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type { Clock } from '../../clock.js';
import type { Executor, PasskeyPurpose, PasskeysTable } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AuditService } from '../audit/audit.service.js';
import { type AuthLimit, type AuthService, signSessionToken } from '../auth/auth.service.js';
import { findUserById, presentUser } from '../users/users.service.js';
import {
  findPasskeyByCredential,
  insertChallenge,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
} from './passkeys.repository.js';
import { challengeOf, type RelyingParty, userIdOfHandle } from './relying-party.js';

export interface PasskeySignInDeps {
  db: Executor;
  now: Clock;
  rp: RelyingParty;
  jwtSecret: string;
  limit: AuthLimit;
  /** The auth module's second step, which a passkey may meet instead of a code. */
  secondStep: Pick<AuthService, 'secondStepUser' | 'finishSecondStep'>;
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
}

/** A checked answer: the passkey it came from and its new counter, to record in the sign-in. */
interface Assertion {
  passkey: PasskeysTable;
  counter: number;
}

/**
 * Signing in with a passkey: alone (a discoverable passkey that verified its person, which
 * stands for both the password and the second factor), or as the second step after a
 * password. Every answer is taken once: its challenge is, and its counter must move on.
 */
export function createPasskeySignIn({ db, now, rp, jwtSecret, limit, secondStep, audit }: PasskeySignInDeps) {
  async function begin(purpose: PasskeyPurpose, userId: string | null, allow: readonly PasskeysTable[]) {
    const options = await rp.authenticationOptions(allow);
    await insertChallenge(db, {
      challenge: options.challenge,
      purpose,
      user_id: userId,
      expires_at: now() + PASSKEY_CEREMONY_TTL_MS,
    });
    return { options: { ...options } };
  }

  /**
   * Checks an answer to a challenge made for `purpose` (and for `userId`, the second step):
   * refused answers are recorded against the passkey's owner, when known.
   */
  async function check(
    response: AuthenticationResponse,
    purpose: PasskeyPurpose,
    userId: string | null,
  ): Promise<Assertion> {
    const challenge = challengeOf(response);
    const ceremony = challenge && (await takeChallenge(db, challenge, purpose, now()));
    if (!challenge) throw appErrors.badRequest('passkeys.failed');
    if (!ceremony || ceremony.userId !== userId) throw appErrors.badRequest('passkeys.expired');
    const passkey = await findPasskeyByCredential(db, response.id);
    if (!passkey || (userId !== null && passkey.user_id !== userId))
      throw appErrors.badRequest('passkeys.unknown');
    const handle = response.response.userHandle;
    const refuse = async (reason: string) => {
      await audit.record({
        type: 'passkeys.failed',
        userId: passkey.user_id,
        details: { during: purpose, reason, name: passkey.name },
      });
      return appErrors.badRequest('passkeys.failed');
    };
    if (handle && userIdOfHandle(handle) !== passkey.user_id) throw await refuse('userHandle');
    let verified: Awaited<ReturnType<RelyingParty['verifyAuthentication']>>;
    try {
      verified = await rp.verifyAuthentication(response, challenge, passkey, purpose === 'signIn');
    } catch (error) {
      throw await refuse(error instanceof Error ? error.message : 'invalid');
    }
    if (!verified.verified) throw await refuse('unverified');
    return { passkey, counter: verified.authenticationInfo.newCounter };
  }

  /** Records the sign-in on the passkey; an answer that got there first makes this one a replay. */
  async function recordUse(executor: Executor, { passkey, counter }: Assertion) {
    if (!(await recordPasskeyUse(executor, passkey, counter, now())))
      throw appErrors.badRequest('passkeys.failed');
  }

  return {
    /** Options for a sign-in with any passkey of this site (the browser offers those it holds). */
    async signInOptions(ip: string): Promise<PasskeyOptions> {
      await limit('passkey', ip);
      return begin('signIn', null, []);
    },

    /** Signs in with a passkey alone: a session, as a password sign-in makes one. */
    async signIn(response: AuthenticationResponse, rememberMe: boolean, ip: string): Promise<LoginResponse> {
      await limit('passkey', ip);
      const assertion = await check(response, 'signIn', null);
      const user = await findUserById(db, assertion.passkey.user_id);
      if (!user || user.activated_at === null) throw appErrors.badRequest('passkeys.unknown');
      const entry = await db.transaction().execute(async (trx) => {
        await recordUse(trx, assertion);
        return audit.write(trx, {
          type: 'passkeys.login',
          userId: user.id,
          details: { name: assertion.passkey.name, rememberMe },
        });
      });
      audit.log(entry);
      const claims = { userId: user.id, tokenVersion: user.token_version, rememberMe };
      return { token: await signSessionToken(jwtSecret, claims, now()), user: presentUser(user, now()) };
    },

    /** Options for meeting a sign-in's second step with one of the person's passkeys; 409 with none. */
    async secondFactorOptions(token: string, ip: string): Promise<PasskeyOptions> {
      await limit('passkey', ip);
      const user = await secondStep.secondStepUser(token);
      const passkeys = await listPasskeys(db, user.id);
      if (passkeys.length === 0) throw appErrors.conflict('passkeys.none');
      return begin('secondFactor', user.id, passkeys);
    },

    /** Meets a sign-in's second step with a passkey: answers the session. */
    secondFactor(token: string, response: AuthenticationResponse, ip: string): Promise<LoginResponse> {
      return secondStep.finishSecondStep(token, ip, async (userId) => {
        const assertion = await check(response, 'secondFactor', userId);
        return { method: 'passkey', take: (trx) => recordUse(trx, assertion) };
      });
    },
  };
}

export type PasskeySignIn = ReturnType<typeof createPasskeySignIn>;
