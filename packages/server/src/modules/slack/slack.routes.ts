import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import {
  SLACK_LINK_QUERY,
  SlackAccountQuerySchema,
  SlackAccountSchema,
  SlackConnectResponseSchema,
  SlackStatusSchema,
} from '@nestbox/shared/slack/slack.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, appErrors } from '../../http/app-error.js';
import { isJsonTooDeep } from '../../http/json-body.js';
import { callerOf, currentUser } from '../../http/request-context.js';
import { SLACK_STATE_TTL_MS, type SlackEventPayload, type SlackService } from './slack.service.js';
import { isValidSlackSignature } from './slack-signature.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent (Slack's signature covers these bytes). */
    rawBody?: string;
  }
}

/** Holds the OAuth state in the browser that started linking, for /slack/auth only. */
const STATE_COOKIE = 'nestbox_slack_state';

function stateCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${STATE_COOKIE}=${value}`,
    'Path=/slack/auth',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    // Lax: sent on the top-level GET that comes back from slack.com, never on cross-site posts.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

/** The logged-in user's Slack accounts (API.md "User"). */
export const slackUserRoutes: FastifyPluginAsyncZod<{
  slack: SlackService;
  authenticate: onRequestAsyncHookHandler;
  /** The app is served over HTTPS (NESTBOX_APP_URL): cookies get `Secure`. */
  secureCookies: boolean;
}> = async (app, { slack, authenticate, secureCookies }) => {
  const tags = ['slack'];
  const security = [{ bearer: [] }];
  const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/users/slack-status',
    {
      schema: {
        tags,
        security,
        summary: 'Whether Slack is configured here',
        response: { 200: SlackStatusSchema, ...errors },
      },
    },
    async () => slack.status(),
  );

  app.post(
    '/api/users/slack-connect',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: "Start linking a Slack account: Slack's consent page, with a single-use state",
        response: { 200: SlackConnectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, state } = await slack.authorizeUrl(currentUser(request));
      // The browser keeps the state too: /slack/auth only accepts a return to the browser that left.
      reply.header('set-cookie', stateCookie(state, SLACK_STATE_TTL_MS / 1000, secureCookies));
      return { url };
    },
  );

  app.get(
    '/api/users/slack-accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Linked Slack accounts',
        response: { 200: z.array(SlackAccountSchema), ...errors },
      },
    },
    async (request) => slack.listAccounts(currentUser(request)),
  );

  app.delete(
    '/api/users/slack-account',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Unlink a Slack account (its box and items stay)',
        querystring: SlackAccountQuerySchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await slack.unlink(currentUser(request), request.query.slackAccountId);
      return { ok: true as const };
    },
  );
};

/** Slack's side: the OAuth return page and the Events API endpoint (no session; Slack signs). */
export const slackPublicRoutes: FastifyPluginAsyncZod<{
  slack: SlackService;
  signingSecret: string | undefined;
  secureCookies: boolean;
}> = async (app, { slack, signingSecret, secureCookies }) => {
  const tags = ['slack'];

  app.get(
    '/slack/auth',
    {
      schema: {
        tags,
        summary: 'OAuth return: links the account, then redirects to /app?slack=<result>',
        querystring: z.object({
          code: z.string().max(500).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const result = await slack.completeAuthorization(
        request.query,
        readCookie(request.headers.cookie, STATE_COOKIE),
        callerOf(request),
      );
      reply.header('set-cookie', stateCookie('', 0, secureCookies));
      return reply.redirect(`/app?${SLACK_LINK_QUERY}=${result}`, 303);
    },
  );

  // Slack's signature covers the exact bytes: this plugin (and only it) keeps the raw body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = raw;
    if (isJsonTooDeep(raw)) {
      done(appErrors.badRequest('error.jsonTooDeep'), undefined);
      return;
    }
    try {
      done(null, raw ? JSON.parse(raw) : {});
    } catch {
      done(appErrors.badRequest('error.malformedJson'), undefined);
    }
  });

  app.post(
    '/slack/events',
    {
      schema: {
        tags,
        summary: 'Slack Events API: url_verification and direct messages (signed with the signing secret)',
        body: z.looseObject({ type: z.string().optional() }),
      },
    },
    async (request, reply) => {
      if (!signingSecret) throw new AppError(503, 'slack.notConfigured');
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const valid = isValidSlackSignature(
        signingSecret,
        { timestamp: header('x-slack-request-timestamp'), signature: header('x-slack-signature') },
        request.rawBody ?? '',
      );
      if (!valid) throw new AppError(401, 'slack.signature.invalid');
      const outcome = await slack.handleEvent(request.body as SlackEventPayload);
      if (outcome.kind === 'challenge') return reply.send({ challenge: outcome.challenge });
      request.log.info({ outcome }, 'slack event');
      return reply.send({ ok: true });
    },
  );
};
