import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import { UndoActionBodySchema } from '@nestbox/shared/undo/undo.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { UndoService } from './undo.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Undo (docs/guide.md "Undo"): puts back one of the caller's recent changes. */
export const undoRoutes: FastifyPluginAsyncZod<{
  undo: UndoService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { undo, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/api/undo/undo-action',
    {
      schema: {
        tags: ['undo'],
        security: [{ bearer: [] }],
        summary:
          'Undo a recent change of yours (its X-Undo-Id): 409 once changed since, 404 once undone, expired or not yours',
        body: UndoActionBodySchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await undo.undo(currentUser(request), request.body.undoId);
      return { ok: true as const };
    },
  );
};
