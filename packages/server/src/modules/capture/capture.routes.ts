import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { QuickCaptureBodySchema } from '@nestbox/shared/items/quick-capture.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { CaptureService } from './capture.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Quick capture: thin — validate, authenticate, then the service decides. */
export const captureRoutes: FastifyPluginAsyncZod<{
  capture: CaptureService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { capture, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/api/items/quick-capture',
    {
      schema: {
        tags: ['items'],
        security: [{ bearer: [] }],
        summary: 'Capture a text into the Inbox (or a box), with its date and Organizer state',
        body: QuickCaptureBodySchema,
        response: { 201: ItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await capture.capture(currentUser(request), request.body)),
  );
};
