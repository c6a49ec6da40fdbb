import { AsyncLocalStorage } from 'node:async_hooks';
import { CLIENT_ID_HEADER } from '@nestbox/shared/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

interface RequestContext {
  /** The calling tab's `X-Client-Id`, carried by the live events its call causes. */
  clientId: string | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context (outside a request: nothing). */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

const CLIENT_ID = /^[\w-]{1,64}$/;

/** Makes the caller's client id available to the code a request runs, without threading it through. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const given = request.headers[CLIENT_ID_HEADER];
      storage.run({ clientId: typeof given === 'string' && CLIENT_ID.test(given) ? given : undefined }, done);
    });
  },
  { name: 'request-context' },
);
