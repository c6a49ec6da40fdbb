import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

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

/** Signs a session token (JWT, HS256 only) with a random id of its own, so one token can be revoked. */
export async function signSessionToken(
  secret: string,
  { userId, tokenVersion, rememberMe }: SessionClaims,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ tv: tokenVersion, rm: rememberMe })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (rememberMe ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.default))
    .sign(new TextEncoder().encode(secret));
}

/**
 * Verifies a session token: signature with the pinned algorithm, and expiry. Returns its
 * claims, or `undefined` for any invalid, expired or malformed token (one without an id too).
 */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): Promise<VerifiedSession | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALGORITHM],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
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
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}
