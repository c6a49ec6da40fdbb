import { pickLocale, type UserLocale } from '@nestbox/shared/i18n/locales';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of every message in the answer, from `Accept-Language` (unknown → en-GB). */
    locale: UserLocale;
  }
}

/** Decorates each request with the locale its messages are translated into. */
export const requestLocale = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'en-GB');
    app.addHook('onRequest', async (request) => {
      request.locale = pickLocale(request.headers['accept-language']);
    });
  },
  { name: 'request-locale' },
);
