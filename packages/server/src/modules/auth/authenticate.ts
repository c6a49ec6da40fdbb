import type { ApiTokenScope } from '@nestbox/shared/tokens/token-values';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../clock.js';
import type { Database, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { setRequestCaller } from '../../http/request-context.js';
import { apiTokenCaller, isApiToken } from '../tokens/tokens.service.js';
import { findSessionUser, findUserById } from '../users/users.service.js';
import { isTokenRevoked } from './revoked-tokens.repository.js';
import { verifySessionToken } from './session-tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that only reads (a search, a page of events): a read-only API token may call it.
     * Every other method but GET, HEAD and OPTIONS counts as a write.
     */
    readOnly?: boolean;
    /**
     * An account change (password, e-mail, sessions, tokens, admin tools, Slack linking):
     * a session may call it, a personal API token never (403 `tokens.notForAccount`).
     */
    sessionOnly?: boolean;
  }
}

/** Methods that only read; anything else is a write unless its route says `readOnly`. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads `Authorization: Bearer <token>`; undefined when absent or not a bearer. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export interface SessionCheckOptions {
  /** May the user and the revocation check come from this process's short-lived copies? */
  cached?: boolean;
  /** The app's clock: a session's expiry and a token's last use are read on it. */
  now?: Clock;
}

/**
 * Resolves a session token to its user: the signature and expiry must hold, the user must
 * exist and be active, the token's version must match theirs (a password change or reset
 * revokes every older token), and it must not have been logged out. The same check serves HTTP
 * and the socket.
 *
 * `cached` lets the user and the revocation check come from this process's one-second copies
 * (every change made in this process drops them at once). Only a lone instance may: where
 * several share the database, another one's logout or password change must count at once.
 */
export async function sessionForToken(
  db: Kysely<Database>,
  secret: string,
  token: string,
  { cached = false, now = systemClock }: SessionCheckOptions = {},
): Promise<{ user: UserRow; rememberMe: boolean; tokenId: string; expiresAt: number } | undefined> {
  const claims = await verifySessionToken(secret, token, now);
  if (!claims) return undefined;
  const [user, revoked] = await Promise.all([
    cached ? findSessionUser(db, claims.userId) : findUserById(db, claims.userId),
    isTokenRevoked(db, claims.tokenId, { cached }),
  ]);
  if (!sessionHolds(user, revoked, claims.tokenVersion)) return undefined;
  return { user, rememberMe: claims.rememberMe, tokenId: claims.tokenId, expiresAt: claims.expiresAt };
}

/** A session counts while its user is active, its token version is theirs, and it was not logged out. */
function sessionHolds(user: UserRow | undefined, revoked: boolean, tokenVersion: number): user is UserRow {
  return !revoked && user !== undefined && user.activated_at !== null && user.token_version === tokenVersion;
}

/**
 * Whether a session known only by what its token said (kept by a module that acts for the
 * session later, such as a device's push subscription) still counts, by the rule HTTP and the
 * socket apply: not expired, not logged out, its user active and still at that token version.
 */
export async function isSessionLive(
  db: Kysely<Database>,
  session: { userId: string; tokenId: string; tokenVersion: number; expiresAt: number },
  now: number,
): Promise<boolean> {
  if (session.expiresAt <= now) return false;
  const [user, revoked] = await Promise.all([
    findUserById(db, session.userId),
    isTokenRevoked(db, session.tokenId),
  ]);
  return sessionHolds(user, revoked, session.tokenVersion);
}

/**
 * Resolves a personal API token (`nbx_…`) to its owner and scope: the token must exist (not
 * revoked), its owner be active, and the owner's token version be the one it was made at (a
 * password change or reset ends every API token as it ends every session). HTTP only: the
 * socket takes session tokens alone.
 */
async function apiTokenForText(
  db: Kysely<Database>,
  token: string,
  { cached = false, now = systemClock }: SessionCheckOptions = {},
): Promise<{ user: UserRow; scope: ApiTokenScope } | undefined> {
  const caller = await apiTokenCaller(db, token, now());
  if (!caller) return undefined;
  const user = cached ? await findSessionUser(db, caller.userId) : await findUserById(db, caller.userId);
  if (!user || user.activated_at === null || user.token_version !== caller.tokenVersion) return undefined;
  return { user, scope: caller.scope };
}

/**
 * An `onRequest` hook that lets only authenticated callers through (401 otherwise). It runs
 * before the body is read, so an anonymous caller gets 401 whatever they send, and their
 * body is never parsed. What it answers is the caller's own: no browser or proxy may keep a
 * copy (`Cache-Control: no-store`).
 *
 * It takes a session token (a JWT) or a personal API token (`nbx_…`), and is the one place
 * an API token's limits are enforced: never on a `sessionOnly` route (403
 * `tokens.notForAccount`), and a `read` token only on reads: GET, HEAD, OPTIONS and routes
 * marked `readOnly` (403 `tokens.readOnly` otherwise).
 */
export function createAuthenticate(db: Kysely<Database>, secret: string, options: SessionCheckOptions = {}) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    if (token && isApiToken(token)) {
      const caller = await apiTokenForText(db, token, options);
      if (!caller) throw appErrors.unauthorized('tokens.invalid');
      const route = request.routeOptions.config;
      if (route.sessionOnly) throw appErrors.forbidden('tokens.notForAccount');
      if (caller.scope === 'read' && !READ_METHODS.has(request.method) && !route.readOnly)
        throw appErrors.forbidden('tokens.readOnly');
      request.sessionUser = caller.user;
      request.apiTokenScope = caller.scope;
      setRequestCaller(caller.user.id);
      return;
    }
    const session = token ? await sessionForToken(db, secret, token, options) : undefined;
    if (!session) throw appErrors.unauthorized();
    request.sessionUser = session.user;
    request.sessionRemembered = session.rememberMe;
    request.sessionToken = { id: session.tokenId, expiresAt: session.expiresAt };
    setRequestCaller(session.user.id);
  };
}
