import {
  CappedMap,
  type Challenge,
  createChallenge,
  randomInt,
  type Solution,
  verifySolution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const ALGORITHM = 'SHA-256';
/** The solver tries counters from 0 up: the expected work is about 50,000 hashes (well under a second). */
const COUNTER_RANGE = [20_000, 80_000] as const;
const CHALLENGE_TTL_SECONDS = 10 * 60;
const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface CaptchaService {
  /** `altcha` (self-hosted proof of work) or `recaptcha` (when RECAPTCHA_SECRET is set). */
  kind: 'altcha' | 'recaptcha';
  createChallenge(): Promise<Challenge>;
  /** Checks the answer the browser sent as `gRecaptchaResponse`. */
  verify(response: string, ip: string): Promise<boolean>;
}

/**
 * ALTCHA: a signed proof-of-work challenge that the browser solves; the answer (base64 JSON
 * of challenge and solution) is checked against our signature, its expiry and its work, and
 * is accepted once.
 */
export function createAltchaCaptcha(hmacSecret: string): CaptchaService {
  const used = new CappedMap<string, true>({ maxSize: 10_000 });
  return {
    kind: 'altcha',
    createChallenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(...COUNTER_RANGE),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: hmacSecret,
      }),
    async verify(response) {
      let payload: { challenge?: Challenge; solution?: Solution };
      try {
        payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (!payload.challenge?.parameters || !payload.solution || !payload.challenge.signature) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: hmacSecret,
      }).catch(() => undefined);
      return Boolean(result?.verified) && used.setIfAbsent(payload.challenge.signature, true);
    },
  };
}

/** Google reCAPTCHA: the token is checked with Google's siteverify API. */
export function createRecaptcha(secret: string): CaptchaService {
  return {
    kind: 'recaptcha',
    async createChallenge() {
      throw new Error('reCAPTCHA challenges are issued by Google, not by this server');
    },
    async verify(response, ip) {
      if (!response) return false;
      const answer = await fetch(RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret, response, remoteip: ip }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      const result = (await answer?.json().catch(() => undefined)) as { success?: boolean } | undefined;
      return result?.success === true;
    },
  };
}
