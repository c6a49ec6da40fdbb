import { LANGUAGES } from '@nestbox/shared/i18n/locales';
import { LanguagesResponseSchema, TimezonesResponseSchema } from '@nestbox/shared/reference/reference.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import { listTimezones } from './reference.service.js';

/** Public reference lists used by the sign-up and profile forms. */
export const referenceRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.get(
    '/api/languages/get-languages',
    {
      schema: {
        tags: ['reference'],
        summary: 'Languages a user may choose',
        response: { 200: LanguagesResponseSchema },
      },
    },
    async () => [...LANGUAGES],
  );
  app.get(
    '/api/timezones/get-timezones',
    {
      schema: {
        tags: ['reference'],
        summary: 'IANA time zones with their offset now',
        response: { 200: TimezonesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=900');
      return listTimezones(now());
    },
  );
};
