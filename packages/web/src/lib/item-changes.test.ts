import { messagesEnGb } from '@nestbox/shared/i18n/messages.en-gb';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { isLostOnTheWay, itemChange } from './item-changes';

/**
 * The change that discovers an outage: the device says it is online, the server is gone. It
 * must wait and go through once the server answers, like the changes made after it.
 */
describe('an item change lost on its way', () => {
  let server: FastifyInstance | undefined;
  let port = 0;
  const saved: string[] = [];

  const start = async () => {
    server = Fastify({ forceCloseConnections: true });
    server.post<{ Body: { title: string } }>('/api/items/save', async (request) => {
      saved.push(request.body.title);
      return { ok: true };
    });
    await server.listen({ host: '127.0.0.1', port });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    port = address.port;
  };

  beforeEach(async () => {
    onlineManager.setOnline(true);
    saved.length = 0;
    port = 0;
    await start();
    await server?.close();
  });
  afterEach(async () => {
    await server?.close();
    onlineManager.setOnline(true);
  });

  it('waits, paused, and reaches the server once it answers, in order with the next change', async () => {
    const request = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => 'token',
      translate: (key) => messagesEnGb[key],
      logError: () => {},
      // As lib/connectivity does: no answer takes the app offline.
      onUnreachable: () => onlineManager.setOnline(false),
    });
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    // As the app's provider does: paused changes resume when the app is online again.
    queryClient.mount();
    const change = (title: string) =>
      new MutationObserver(queryClient, {
        ...itemChange('save-text'),
        retryDelay: 10,
        mutationFn: () => request('/api/items/save', { body: { title } }),
      }).mutate();

    const first = change('Buy milk');
    await expect
      .poll(() => queryClient.getMutationCache().getAll()[0]?.state.isPaused, { timeout: 5_000 })
      .toBe(true);
    const second = change('Call Anna');
    expect(onlineManager.isOnline()).toBe(false);

    await start();
    onlineManager.setOnline(true);
    await Promise.all([first, second]);
    expect(saved).toEqual(['Buy milk', 'Call Anna']);
    queryClient.unmount();
  });

  it('is tried again only when no answer came: never after an answer, nor when the person cancelled', () => {
    const failure = (status: number, code: string) => new ApiError({ message: code, status, code });
    expect(isLostOnTheWay(1, failure(0, 'error.network'))).toBe(true);
    expect(isLostOnTheWay(7, failure(0, 'error.timeout'))).toBe(true);
    expect(isLostOnTheWay(1, failure(0, 'error.requestCanceled'))).toBe(false);
    expect(isLostOnTheWay(1, failure(403, 'error.forbidden'))).toBe(false);
    expect(isLostOnTheWay(1, failure(500, 'error.server'))).toBe(false);
    expect(isLostOnTheWay(1, new TypeError('x'))).toBe(false);
  });
});
