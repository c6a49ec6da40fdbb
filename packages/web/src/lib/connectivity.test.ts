import { onlineManager } from '@tanstack/react-query';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markUnreachable } from './connectivity';

/** The app's view of the network against a real server that goes away and comes back. */
describe('markUnreachable', () => {
  let server: FastifyInstance;
  let port = 0;
  let asked = 0;
  /** A server on its way down still answers, but only to say it cannot serve. */
  let stopping = false;

  const start = async () => {
    server = Fastify({ forceCloseConnections: true });
    server.get('/api/health', async (_request, reply) => {
      asked += 1;
      return stopping ? reply.code(503).send({ status: 'stopping' }) : { status: 'ok' };
    });
    await server.listen({ host: '127.0.0.1', port });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    port = address.port;
  };

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onlineManager.setOnline(true);
    stopping = false;
    port = 0;
    await start();
    await server.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
    onlineManager.setOnline(true);
  });

  it('takes the app offline, and back online once the server answers again', async () => {
    markUnreachable(`http://127.0.0.1:${port}/api/health`);
    expect(onlineManager.isOnline()).toBe(false);

    // Nobody answers: still offline after a probe.
    await vi.advanceTimersByTimeAsync(5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onlineManager.isOnline()).toBe(false);

    // A server that answers only to say it is stopping is no way back either.
    stopping = true;
    await start();
    const askedBefore = asked;
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(asked).toBeGreaterThan(askedBefore), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onlineManager.isOnline()).toBe(false);

    stopping = false;
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true), { timeout: 5_000 });
    // The probe stopped with it: the server is not asked again.
    const askedWhenBack = asked;
    await vi.advanceTimersByTimeAsync(20_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBe(askedWhenBack);
  });
});
