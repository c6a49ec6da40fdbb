import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { findUserById } from '../users/users.repository.js';
import { verifySessionToken } from './session-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, once `authenticate` has run on the route. */
    sessionUser: UserRow | null;
    /** Whether the caller's session was opened with 'Remember me'. */
    sessionRemembered: boolean;
  }
}

/** Reads `Authorization: Bearer <token>`; undefined when absent or not a bearer. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Resolves a session token to its user: the signature and expiry must hold, the user must
 * exist and be active, and the token's version must match theirs (a password change or reset
 * revokes every older token). The same check serves HTTP and the socket.
 */
export async function sessionForToken(
  db: Kysely<Database>,
  secret: string,
  token: string,
): Promise<{ user: UserRow; rememberMe: boolean } | undefined> {
  const claims = await verifySessionToken(secret, token);
  if (!claims) return undefined;
  const user = await findUserById(db, claims.userId);
  if (!user || user.activated_at === null || user.token_version !== claims.tokenVersion) return undefined;
  return { user, rememberMe: claims.rememberMe };
}

/** A preHandler that lets only authenticated callers through (401 otherwise). */
export function createAuthenticate(db: Kysely<Database>, secret: string) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const session = token ? await sessionForToken(db, secret, token) : undefined;
    if (!session) throw appErrors.unauthorized();
    request.sessionUser = session.user;
    request.sessionRemembered = session.rememberMe;
  };
}

/** The authenticated caller; only valid on routes behind `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.sessionUser) throw appErrors.unauthorized();
  return request.sessionUser;
}
