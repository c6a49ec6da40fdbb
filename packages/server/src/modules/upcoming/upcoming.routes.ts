import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { UpcomingQuerySchema, UpcomingResponseSchema } from '@nestbox/shared/upcoming/upcoming.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { UpcomingService } from './upcoming.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Upcoming (docs/api.md "Upcoming"): the caller's open dated texts by day. */
export const upcomingRoutes: FastifyPluginAsyncZod<{
  upcoming: UpcomingService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { upcoming, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/upcoming',
    {
      schema: {
        tags: ['upcoming'],
        security: [{ bearer: [] }],
        summary: 'Open dated texts the caller sees, by target date, a page at a time',
        querystring: UpcomingQuerySchema,
        response: { 200: UpcomingResponseSchema, ...errors },
      },
    },
    async (request) => upcoming.page(currentUser(request), request.query),
  );
};
