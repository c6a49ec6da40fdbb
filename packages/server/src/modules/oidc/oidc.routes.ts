import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import {
  OIDC_QUERY,
  OidcConfigSchema,
  OidcIdentityParamsSchema,
  OidcLinkBodySchema,
  OidcLinkStartSchema,
  OidcPendingLinkSchema,
  OidcSessionResponseSchema,
  OidcStatusSchema,
} from '@nestbox/shared/oidc/oidc.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, currentUser } from '../../http/request-context.js';
import type { CallbackOutcome, OidcService } from './oidc.service.js';
import { cookieHeader, type OidcCookie, readCookie } from './oidc-cookies.js';

/** Where the callback sends the browser for each outcome. */
function destination(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case 'signedIn':
      return `${PAGE_PATHS.login}?${OIDC_QUERY}=signedIn`;
    case 'needsPassword':
      return PAGE_PATHS.linkSignIn;
    case 'login':
      return `${PAGE_PATHS.login}?${OIDC_QUERY}=${outcome.result}`;
    case 'settings':
      return `${PAGE_PATHS.app}?${OIDC_QUERY}=${outcome.result}`;
  }
}

/**
 * Signing in through the provider (no session yet): the login page's settings, the round trip
 * (start, callback), and what the login and link pages take from it afterwards.
 */
export const oidcPublicRoutes: FastifyPluginAsyncZod<{
  oidc: OidcService;
  /** The app is served over HTTPS (NESTBOX_APP_URL): cookies get `Secure`. */
  secureCookies: boolean;
}> = async (app, { oidc, secureCookies }) => {
  const tags = ['accounts'];
  const errors = { 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };
  const setCookies = (reply: FastifyReply, cookies: [OidcCookie, string][]) =>
    reply.header(
      'set-cookie',
      cookies.map(([cookie, value]) => cookieHeader(cookie, value, secureCookies)),
    );

  app.get(
    '/api/oidc/config',
    {
      schema: {
        tags,
        summary: 'Whether the login page offers single sign-on, under which name, and whether only it',
        response: { 200: OidcConfigSchema },
      },
    },
    async () => oidc.config(),
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: {
        tags,
        summary:
          "Start signing in: redirects to the provider's sign-in page (or back to /login?oidc=<why not>)",
        querystring: z.object({
          locale: z.string().max(20).optional(),
          timezone: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const started = await oidc.startSignIn(request.query);
      reply.header('cache-control', 'no-store');
      if ('failure' in started)
        return reply.redirect(`${PAGE_PATHS.login}?${OIDC_QUERY}=${started.failure}`, 303);
      setCookies(reply, [['flow', started.flow]]);
      return reply.redirect(started.url, 303);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags,
        summary:
          'The return from the provider: checks it all, then redirects to /login?oidc=<result>, /link-sign-in or /app?oidc=<result>',
        querystring: z.record(z.string(), z.string().max(4000)),
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const outcome = await oidc.callback(
        search,
        readCookie(request.headers.cookie, 'flow'),
        callerOf(request),
        request.locale,
      );
      const cookies: [OidcCookie, string][] = [['flow', '']];
      if (outcome.kind === 'signedIn') cookies.push(['session', outcome.session]);
      if (outcome.kind === 'needsPassword') cookies.push(['link', outcome.link]);
      setCookies(reply, cookies);
      reply.header('cache-control', 'no-store');
      return reply.redirect(destination(outcome), 303);
    },
  );

  app.post(
    '/auth/oidc/session',
    {
      schema: {
        tags,
        summary:
          'Take the session a sign-in through the provider made (once; kept in a cookie for 2 minutes)',
        response: { 200: OidcSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await oidc.takeSession(readCookie(request.headers.cookie, 'session'));
      setCookies(reply, [['session', '']]);
      reply.header('cache-control', 'no-store');
      return session;
    },
  );

  app.get(
    '/auth/oidc/pending-link',
    {
      schema: {
        tags,
        summary: 'The address of the account a sign-in through the provider waits to be linked to',
        response: { 200: OidcPendingLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return oidc.pendingLink(readCookie(request.headers.cookie, 'link'));
    },
  );

  app.post(
    '/auth/oidc/link',
    {
      schema: {
        tags,
        summary:
          "Link the waiting identity to the account with its address, proven by the account's password; signs in",
        body: OidcLinkBodySchema,
        response: { 200: OidcSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await oidc.linkWithPassword(
        readCookie(request.headers.cookie, 'link'),
        request.body.password,
        request.ip,
      );
      setCookies(reply, [['link', '']]);
      reply.header('cache-control', 'no-store');
      return session;
    },
  );
};

/** The signed-in person's identity at the provider (Settings → Security). */
export const oidcUserRoutes: FastifyPluginAsyncZod<{
  oidc: OidcService;
  authenticate: onRequestAsyncHookHandler;
  secureCookies: boolean;
}> = async (app, { oidc, authenticate, secureCookies }) => {
  const tags = ['accounts'];
  const security = [{ bearer: [] }];
  const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/users/oidc',
    {
      schema: {
        tags,
        security,
        summary:
          'Single sign-on: whether it is on, the identity linked, and whether the account has a password',
        response: { 200: OidcStatusSchema, ...errors },
      },
    },
    async (request) => oidc.status(currentUser(request)),
  );

  app.post(
    '/api/users/oidc/link',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: "Start linking an identity: the provider's sign-in page, with a single-use state",
        response: { 200: OidcLinkStartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, flow } = await oidc.startLink(currentUser(request));
      reply.header('set-cookie', cookieHeader('flow', flow, secureCookies));
      return { url };
    },
  );

  app.delete(
    '/api/users/oidc/identities/:id',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Unlink an identity (refused while the account has no password of its own)',
        params: OidcIdentityParamsSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await oidc.unlink(currentUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
