import {
  CalendarFeedCreatedSchema,
  CalendarFeedDeletedSchema,
  CalendarFeedStatusSchema,
} from '@nestbox/shared/calendar/calendar.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../../http/request-context.js';
import type { CalendarService } from './calendar.service.js';

const tags = ['calendar'];

/** The signed-in person's feed address: its state, a new one, or none (thin: the service decides). */
export const calendarRoutes: FastifyPluginAsyncZod<{
  calendar: CalendarService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { calendar, authenticate }) => {
  const security = [{ bearer: [] }];
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/calendar/feed',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Whether the caller has a calendar feed address, and since when',
        response: { 200: CalendarFeedStatusSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => calendar.status(currentUser(request)),
  );

  app.post(
    '/api/calendar/feed',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Make a new secret calendar feed address (the previous one stops working)',
        response: { 200: CalendarFeedCreatedSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => calendar.create(currentUser(request)),
  );

  app.delete(
    '/api/calendar/feed',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Turn the calendar feed off: its address stops working',
        response: { 200: CalendarFeedDeletedSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await calendar.revoke(currentUser(request));
      return { ok: true as const };
    },
  );
};

/**
 * The feed itself, for calendar apps: no session, the secret in the address is the key. Every
 * way of not finding it (a malformed name, an unknown or revoked secret, an owner no longer
 * active) answers the same 404. Never kept by any cache (`no-store`): the address works as a
 * password, so no shared or on-disk copy of a person's items may outlive its revocation, and
 * calendar apps read it only every few hours anyway. An app that keeps the feed itself sends
 * back its strong ETag and gets 304 while nothing in it changed; each address answers a limited
 * number of reads (429 with Retry-After beyond).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags,
        summary: 'The calendar feed (iCalendar) behind a secret address',
        params: z.object({ file: z.string() }),
        response: {
          200: z.string().describe('text/calendar (RFC 5545)'),
          304: z.null().describe('Unchanged since the version the If-None-Match header names'),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const feed = await calendar.feed(request.params.file, request.headers['if-none-match']);
      if (feed === undefined) throw appErrors.notFound();
      reply.header('cache-control', 'no-store').header('etag', feed.etag);
      if (feed.body === null) return (reply as FastifyReply).status(304).send();
      // A stream, not the string the 200 schema describes: sent through the untyped reply.
      return (reply as FastifyReply).type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
};
