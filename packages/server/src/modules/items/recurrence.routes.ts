import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { ItemIdQuerySchema, ItemSchema } from '@nestbox/shared/items/item.schema';
import { ItemCompletionsSchema, SetRecurrenceBodySchema } from '@nestbox/shared/recurrence/recurrence.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { ItemsService } from './items.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Recurring items' routes (docs/guide.md "Recurring items"); completing one is `PUT /api/items/complete`. */
export const recurrenceRoutes: FastifyPluginAsyncZod<{
  items: ItemsService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { items, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['items'];
  const security = [{ bearer: [] }];

  app.put(
    '/api/items/set-recurrence',
    {
      schema: {
        tags,
        security,
        summary: "A text item's recurrence (RRULE), or null to stop it",
        body: SetRecurrenceBodySchema,
        response: { 200: ItemSchema, ...errors },
      },
    },
    async (request) => items.setRecurrence(currentUser(request), request.body),
  );

  app.get(
    '/api/items/get-completions',
    {
      schema: {
        tags,
        security,
        summary: "A recurring item's completed occurrences, newest first",
        querystring: ItemIdQuerySchema,
        response: { 200: ItemCompletionsSchema, ...errors },
      },
    },
    async (request) => items.completions(currentUser(request), request.query.itemId),
  );
};
