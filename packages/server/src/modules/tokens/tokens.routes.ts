import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  CreateApiTokenBodySchema,
  CreatedApiTokenSchema,
} from '@nestbox/shared/tokens/token.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import type { TokensService } from './tokens.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Personal API tokens (docs/guide.md "Personal API tokens"): the caller's own, with a session only
 * (`sessionOnly`: an API token never makes, lists or revokes tokens).
 */
export const tokensRoutes: FastifyPluginAsyncZod<{
  tokens: TokensService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { tokens, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['tokens'];
  const security = [{ bearer: [] }];
  const config = { sessionOnly: true };

  app.post(
    '/api/tokens',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Make a personal API token; its text is answered this once',
        body: CreateApiTokenBodySchema,
        response: { 201: CreatedApiTokenSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/tokens',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Your personal API tokens, newest first, with their last use',
        response: { 200: ApiTokenListSchema, ...errors },
      },
    },
    async (request) => tokens.list(currentUser(request)),
  );

  app.delete(
    '/api/tokens/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoke one of your personal API tokens: it answers 401 from now on',
        params: ApiTokenParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tokens.revoke(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
