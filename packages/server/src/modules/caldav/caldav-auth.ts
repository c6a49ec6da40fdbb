import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { setRequestCaller } from '../../http/request-context.js';
import { AUTH_LIMITS } from '../auth/auth.service.js';
import { apiTokenCaller, isApiToken } from '../tokens/tokens.service.js';
import { findUserByEmail, foldEmail } from '../users/users.service.js';
import { DavError } from './dav-error.js';

/** Signs a CalDAV request's caller in; `reading`: the request only reads. */
export type CaldavAuthenticate = (request: FastifyRequest, reading: boolean) => Promise<void>;

const CHALLENGE = { 'www-authenticate': 'Basic realm="Nestbox", charset="UTF-8"' };

/** `Authorization: Basic …` as a user name and password, or undefined. */
function basicCredentials(request: FastifyRequest): { user: string; password: string } | undefined {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * CalDAV apps sign in with HTTP Basic: the account's e-mail and an app password, which is a
 * personal API token (`nbx_…`). The token must be the account's own and still work (not
 * revoked, not ended by a password change, its owner active); a `read` token only reads.
 * Sessions (JWTs) are not taken: a CalDAV app holds a password of its own, which its owner can
 * revoke alone. Wrong credentials answer 401 with a Basic challenge, and count against the
 * caller's address and the account as failed logins do (429 past the login limits).
 */
export function createCaldavAuthenticate({
  db,
  limiter,
  now,
}: {
  db: Db;
  limiter: RateLimiter;
  now: () => number;
}): CaldavAuthenticate {
  async function refuse(request: FastifyRequest, account: string | undefined): Promise<never> {
    await limiter.consume(`caldav:ip:${request.ip}`, AUTH_LIMITS.login.ip);
    if (account)
      await limiter.consume(
        `caldav:account:${foldEmail(account)}:ip:${request.ip}`,
        AUTH_LIMITS.login.account,
      );
    throw new DavError(401, 'caldav.auth.invalid', undefined, CHALLENGE);
  }

  return async (request, reading) => {
    const credentials = basicCredentials(request);
    if (!credentials) throw new DavError(401, 'caldav.auth.required', undefined, CHALLENGE);
    if (!isApiToken(credentials.password)) return refuse(request, credentials.user);
    const caller = await apiTokenCaller(db, credentials.password, now());
    const user = caller && (await findUserByEmail(db, credentials.user));
    if (
      !caller ||
      !user ||
      !same(user.id, caller.userId) ||
      user.activated_at === null ||
      user.token_version !== caller.tokenVersion
    )
      return refuse(request, credentials.user);
    if (!reading && caller.scope === 'read')
      throw new DavError(403, 'tokens.readOnly', { ns: 'DAV:', name: 'need-privileges' });
    request.sessionUser = user;
    request.apiTokenScope = caller.scope;
    setRequestCaller(user.id);
  };
}
