import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Redis } from 'ioredis';
import type { Executor } from '../../db/schema.js';
import { claimUsedCaptcha, deleteExpiredCaptchas } from './captcha.repository.js';

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
 * Where answered challenges are remembered until they expire, so that each is accepted once
 * across restarts and instances: `claim` is true only the first time.
 */
export interface CaptchaReplayStore {
  claim(signature: string, expiresAt: number): Promise<boolean>;
  /** Forgets expired answers (Redis expires its keys itself); answers how many. */
  prune(now: number): Promise<number>;
}

/** Answered challenges in the database (the `used_captchas` table; expired rows are pruned by a job). */
export function createDatabaseReplayStore(db: Executor): CaptchaReplayStore {
  return {
    claim: (signature, expiresAt) => claimUsedCaptcha(db, signature, expiresAt),
    prune: (now) => deleteExpiredCaptchas(db, now),
  };
}

/** Answered challenges in Redis, each key expiring with its challenge. */
export function createRedisReplayStore(redis: Redis, prefix: string): CaptchaReplayStore {
  return {
    async claim(signature, expiresAt) {
      const ttl = Math.max(1, expiresAt - Date.now());
      return (await redis.set(`${prefix}${signature}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
    prune: async () => 0,
  };
}

/**
 * ALTCHA: a signed proof-of-work challenge that the browser solves; the answer (base64 JSON
 * of challenge and solution) is checked against our signature, its expiry and its work, and
 * is accepted once (remembered in `replays` until it expires).
 */
export function createAltchaCaptcha(hmacSecret: string, replays: CaptchaReplayStore): CaptchaService {
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
      if (!result?.verified) return false;
      const expiresAt =
        (payload.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_TTL_SECONDS * 1000;
      return replays.claim(payload.challenge.signature, expiresAt);
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
