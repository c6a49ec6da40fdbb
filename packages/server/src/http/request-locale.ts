import { pickLocale, type UserLocale } from '@nestbox/shared/i18n/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of every message in the answer, from `Accept-Language` (unknown → en-GB). */
    locale: UserLocale;
  }
}

/**
 * Decorates each request with the locale its messages are translated into, read from the
 * header when something asks (most answers carry no message).
 */
export const requestLocale = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', {
      getter(this: FastifyRequest): UserLocale {
        return pickLocale(this.headers['accept-language']);
      },
    });
  },
  { name: 'request-locale' },
);
