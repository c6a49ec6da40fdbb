import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { SearchItemsBodySchema, SearchResultSchema } from '@nestbox/shared/items/item.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import type { SearchService } from './search.service.js';

/** Search (API.md "Items"): thin — validate, authenticate, then the service decides. */
export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { search, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/api/items/search-items',
    {
      config: { readOnly: true },
      schema: {
        tags: ['items'],
        security: [{ bearer: [] }],
        summary: 'Search titles among everything you can see',
        body: SearchItemsBodySchema,
        response: {
          200: z.array(SearchResultSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => search.search(currentUser(request), request.body),
  );
};
