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

/** Signs a session token (JWT, HS256 only). */
export async function signSessionToken(
  secret: string,
  { userId, tokenVersion, rememberMe }: SessionClaims,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ tv: tokenVersion, rm: rememberMe })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (rememberMe ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.default))
    .sign(new TextEncoder().encode(secret));
}

/**
 * Verifies a session token: signature with the pinned algorithm, and expiry. Returns its
 * claims, or `undefined` for any invalid, expired or malformed token.
 */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALGORITHM],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
    return { userId: payload.sub, tokenVersion: payload.tv, rememberMe: payload.rm === true };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}
