import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import {
  PUSH_DEVICES_MAX,
  PushEndpointSchema,
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushTestResultSchema,
} from '@nestbox/shared/push/push.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentToken, currentUser } from '../../http/request-context.js';
import type { PushService } from './push.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Web Push (docs/guide.md "Notifications"): a device subscribes with the server's
 * public key and a session (`sessionOnly`: a personal API token never subscribes anything).
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  push: PushService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { push, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['push'];
  const security = [{ bearer: [] }];
  const config = { sessionOnly: true };

  app.get(
    '/api/push/public-key',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The server's VAPID public key, to subscribe a device with",
        response: { 200: PushPublicKeySchema, ...errors },
      },
    },
    async () => push.publicKey(),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Notify this device (the browser's push subscription) when the caller's reminders fire",
        description: `At most ${PUSH_DEVICES_MAX} devices per account: past them, 409 until one is turned off.`,
        body: PushSubscriptionBodySchema,
        response: { 201: OkResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await push.subscribe(currentUser(request), currentToken(request), request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Stop notifying this device (only ever one of the caller’s)',
        querystring: PushEndpointSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await push.unsubscribe(currentUser(request), request.query.endpoint);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/push/test',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Send a test notification to one of the caller’s devices',
        body: PushEndpointSchema,
        response: { 200: PushTestResultSchema, ...errors },
      },
    },
    async (request) => push.sendTest(currentUser(request), request.body.endpoint),
  );
};
