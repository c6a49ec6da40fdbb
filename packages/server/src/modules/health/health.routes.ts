import { HealthResponseSchema } from '@nestbox/shared/health/health.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { checkHealth } from './health.service.js';

/** `GET /api/health`: 200 when every store answers, 503 when one does not. */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, redis }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and store health',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(db, redis);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
