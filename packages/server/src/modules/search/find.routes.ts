import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { FindItemsQuerySchema, FindItemsResponseSchema } from '@nestbox/shared/items/find.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { FindService } from './find.service.js';

/** The finder (command palette, quick capture): thin — validate, authenticate, then the service. */
export const findRoutes: FastifyPluginAsyncZod<{
  finder: FindService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { finder, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/items/find-items',
    {
      schema: {
        tags: ['items'],
        security: [{ bearer: [] }],
        summary: 'Find boxes and texts by a fuzzy title match, or the most recently changed',
        querystring: FindItemsQuerySchema,
        response: { 200: FindItemsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => finder.find(currentUser(request), request.query),
  );
};
