import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  RenameTagBodySchema,
  RenameTagResponseSchema,
  TagsResponseSchema,
} from '@nestbox/shared/tags/tag.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { TagsService } from './tags.service.js';

/** Tags: thin — validate, authenticate, then the service (which reads only what the caller sees). */
export const tagsRoutes: FastifyPluginAsyncZod<{
  tags: TagsService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { tags, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/tags',
    {
      schema: {
        tags: ['items'],
        security: [{ bearer: [] }],
        summary: 'Every tag of the texts the caller sees, with how many carry it',
        response: { 200: TagsResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => tags.list(currentUser(request)),
  );

  app.post(
    '/api/tags/rename',
    {
      schema: {
        tags: ['items'],
        security: [{ bearer: [] }],
        summary: 'Rename a tag in every text the caller may edit (dryRun: only count them)',
        body: RenameTagBodySchema,
        response: { 200: RenameTagResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => tags.rename(currentUser(request), request.body),
  );
};
