import { createHmac, randomUUID } from 'node:crypto';
import { type Algorithm, createSigner, createVerifier, TokenError } from 'fast-jwt';
import { type Clock, systemClock } from '../../clock.js';

/** Session lengths: 'remember me' keeps a session for 30 days, otherwise 24 hours. */
export const SESSION_TTL_SECONDS = { remembered: 30 * 24 * 3600, default: 24 * 3600 } as const;

const ALGORITHM = 'HS256';

export interface SessionClaims {
  userId: string;
  /** The user's token_version when the token was issued; a bump revokes the token. */
  tokenVersion: number;
  /** 'Remember me' was ticked: the session lasts 30 days, and a renewed token keeps that. */
  rememberMe: boolean;
}

/** What a verified token says: its claims, its own id (`jti`, what a logout revokes) and its expiry. */
export interface VerifiedSession extends SessionClaims {
  tokenId: string;
  /** When the token stops working (UTC ms). */
  expiresAt: number;
}

type Verify = (token: string) => Record<string, unknown>;

/**
 * One verifier per secret, kept: HMAC checked synchronously with node:crypto (no thread-pool
 * hop per request), and the last 1,000 verified tokens remembered until they expire.
 */
const verifiers = new Map<string, Verify>();
const verifierOptions = (secret: string) => ({
  key: secret,
  algorithms: [ALGORITHM] as Algorithm[],
  requiredClaims: ['sub', 'exp', 'iat', 'jti'],
});
function verifierFor(secret: string): Verify {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier({ ...verifierOptions(secret), cache: true });
    verifiers.set(secret, verify);
  }
  return verify;
}

/** Signs a session token (JWT, HS256 only) with a random id of its own, so one token can be revoked. */
export async function signSessionToken(
  secret: string,
  { userId, tokenVersion, rememberMe }: SessionClaims,
  now: number = Date.now(),
): Promise<string> {
  const sign = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    clockTimestamp: now,
    expiresIn: (rememberMe ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.default) * 1000,
    sub: userId,
    jti: randomUUID(),
  });
  return sign({ tv: tokenVersion, rm: rememberMe });
}

/**
 * Verifies a session token: signature with the pinned algorithm, and expiry. Returns its
 * claims, or `undefined` for any invalid, expired or malformed token (one without an id too).
 * On the machine's clock it goes through the cached verifier; any other clock (a test's, a
 * journey's) gets a verifier for the moment it reads.
 */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Clock = systemClock,
): Promise<VerifiedSession | undefined> {
  try {
    const verify =
      now === systemClock
        ? verifierFor(secret)
        : createVerifier({ ...verifierOptions(secret), clockTimestamp: now() });
    const payload = verify(token);
    const { sub, tv, jti, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof tv !== 'number' ||
      typeof jti !== 'string' ||
      typeof exp !== 'number'
    )
      return undefined;
    return {
      userId: sub,
      tokenVersion: tv,
      rememberMe: payload.rm === true,
      tokenId: jti,
      expiresAt: exp * 1000,
    };
  } catch (error) {
    if (error instanceof TokenError) return undefined;
    throw error;
  }
}

/** The second step's tokens are signed with a key of their own: a session never passes for one, nor one for a session. */
const secondStepKey = (secret: string) =>
  createHmac('sha256', secret).update('nestbox:second-factor').digest('hex');

/**
 * Signs what a right password proved when two-factor codes are on: the token the second step
 * of that sign-in sends with its code (JWT, HS256, `ttlMs` long), with an id of its own so
 * that it is taken once and its wrong codes are counted apart from any other sign-in.
 */
export async function signSecondStepToken(
  secret: string,
  { userId, tokenVersion, rememberMe }: SessionClaims,
  now: number,
  ttlMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const sign = createSigner({
    key: secondStepKey(secret),
    algorithm: ALGORITHM,
    clockTimestamp: now,
    expiresIn: ttlMs,
    sub: userId,
    jti: randomUUID(),
  });
  return {
    token: await sign({ tv: tokenVersion, rm: rememberMe, use: 'second-factor' }),
    expiresAt: now + ttlMs,
  };
}

/** Verifies a second step's token at `now`: its claims, or undefined when invalid or expired. */
export function verifySecondStepToken(
  secret: string,
  token: string,
  now: number,
): VerifiedSession | undefined {
  try {
    const payload = createVerifier({ ...verifierOptions(secondStepKey(secret)), clockTimestamp: now })(token);
    const { sub, tv, jti, exp, use } = payload;
    if (
      use !== 'second-factor' ||
      typeof sub !== 'string' ||
      typeof tv !== 'number' ||
      typeof jti !== 'string' ||
      typeof exp !== 'number'
    )
      return undefined;
    return {
      userId: sub,
      tokenVersion: tv,
      rememberMe: payload.rm === true,
      tokenId: jti,
      expiresAt: exp * 1000,
    };
  } catch (error) {
    if (error instanceof TokenError) return undefined;
    throw error;
  }
}
