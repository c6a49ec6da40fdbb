import {
  ItemHistoryPageSchema,
  ItemHistoryParamsSchema,
  ItemHistoryQuerySchema,
} from '@nestbox/shared/history/history.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { HistoryService } from './history.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Each item's history (docs/api.md "History"): any member who sees the item reads it. */
export const historyRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { history, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/items/:itemId/history',
    {
      schema: {
        tags: ['history'],
        security: [{ bearer: [] }],
        summary: "An item's history, newest first, 50 events a page",
        params: ItemHistoryParamsSchema,
        querystring: ItemHistoryQuerySchema,
        response: { 200: ItemHistoryPageSchema, ...errors },
      },
    },
    async (request) => history.page(currentUser(request), request.params.itemId, request.query.before),
  );
};
