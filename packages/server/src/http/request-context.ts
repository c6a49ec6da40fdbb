import { AsyncLocalStorage } from 'node:async_hooks';
import { CLIENT_ID_HEADER } from '@nestbox/shared/constants';
import type { ApiTokenScope } from '@nestbox/shared/tokens/token-values';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { appErrors } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, once `authenticate` has run on the route. */
    sessionUser: UserRow | null;
    /** Whether the caller's session was opened with 'Remember me'. */
    sessionRemembered: boolean;
    /** The id (`jti`) of the caller's token and when it expires (UTC ms): what a logout revokes. */
    sessionToken: { id: string; expiresAt: number } | null;
    /** The scope of the personal API token the caller sent; null for a session. */
    apiTokenScope: ApiTokenScope | null;
  }
}

interface RequestContext {
  /** The calling tab's `X-Client-Id`, carried by the live events its call causes. */
  clientId: string | undefined;
  /** The authenticated caller, once `authenticate` has run. */
  callerId?: string;
  /** The caller's address (`request.ip`: the proxy's `X-Forwarded-For` only with trustProxy). */
  ip: string;
  /** The caller's `User-Agent`, as sent. */
  userAgent: string | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context (outside a request: nothing). */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who is calling (set by `authenticate`), so live events know whose client id they carry. */
export function setRequestCaller(userId: string): void {
  const context = storage.getStore();
  if (context) context.callerId = userId;
}

/**
 * The echo tag of a live event for one recipient: the caller's client id, only when the
 * recipient is the caller. A client id is never sent to anyone else, and nobody can make
 * another person's tab ignore a change by sending it under that person's client id.
 */
export function echoTagFor(context: RequestContext | undefined, recipientId: string): { clientId?: string } {
  return context?.clientId && context.callerId === recipientId ? { clientId: context.clientId } : {};
}

/** The authenticated caller; only valid on routes behind `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.sessionUser) throw appErrors.unauthorized();
  return request.sessionUser;
}

/** The authenticated caller's token; only valid on routes behind `authenticate`. */
export function currentToken(request: FastifyRequest): { id: string; expiresAt: number } {
  if (!request.sessionToken) throw appErrors.unauthorized();
  return request.sessionToken;
}

const CLIENT_ID = /^[\w-]{1,64}$/;

/** Methods that read: nothing they run announces a change, so they need no context. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who is on the other end of a request, as the audit trail records it. */
export function callerOf(request: FastifyRequest): { ip: string; userAgent: string | undefined } {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}

/**
 * Makes the caller's client id, address and user agent available to the code a request runs,
 * without threading them through. Only requests that may change something carry one: a context
 * costs every promise the request makes (a GET that changes something, such as the return
 * from Slack, passes `callerOf(request)` itself).
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (READS.has(request.method)) return done();
      const given = request.headers[CLIENT_ID_HEADER];
      storage.run(
        {
          clientId: typeof given === 'string' && CLIENT_ID.test(given) ? given : undefined,
          ...callerOf(request),
        },
        done,
      );
    });
  },
  { name: 'request-context' },
);
