import {
  CalendarFeedCreatedSchema,
  CalendarFeedDeletedSchema,
  CalendarFeedStatusSchema,
} from '@nestbox/shared/calendar/calendar.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../auth/authenticate.js';
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
 * calendar apps read it only every few hours anyway.
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
        response: { 200: z.string().describe('text/calendar (RFC 5545)'), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await calendar.feed(request.params.file);
      if (feed === undefined) throw appErrors.notFound();
      return reply.header('cache-control', 'no-store').type('text/calendar; charset=utf-8').send(feed);
    },
  );
};
