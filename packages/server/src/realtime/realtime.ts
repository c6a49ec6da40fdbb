import type { ServerToClientEvents } from '@nestbox/shared/realtime/events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import type { Database } from '../db/schema.js';
import { sessionForToken } from '../modules/auth/authenticate.js';

/** What the rest of the server needs from the live channel: send to a user, end their sockets. */
export interface Publisher {
  publish<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
  /** Disconnects every socket of a user (after a password change or reset: their tokens are void). */
  disconnectUser(userId: string): void;
}

const room = (userId: string) => `user:${userId}`;

/**
 * socket.io at /socket.io on the app's own HTTP server. A socket is accepted only with a valid
 * session token (handshake `auth.token` or `?token=`), checked exactly as HTTP calls are, and
 * joins its user's room. With Redis, rooms span every instance (@socket.io/redis-adapter).
 * Delivery is at most once: clients resynchronise after reconnecting.
 */
export function attachRealtime(
  app: FastifyInstance,
  { db, secret, redis }: { db: Kysely<Database>; secret: string; redis: Redis | undefined },
): Publisher {
  const io = new Server<Record<string, never>, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
  });
  const adapterClients = redis ? [redis.duplicate(), redis.duplicate()] : [];
  const [pub, sub] = adapterClients;
  if (pub && sub) {
    // Redis being away is reported by /api/health; here it only means events stay on this
    // instance until it answers. The adapter subscribes once the connection is ready, so no
    // subscription is left pending (and rejected) when Redis never comes.
    for (const client of adapterClients) client.on('error', () => {});
    const useRedis = () => io.adapter(createAdapter(pub, sub));
    if (sub.status === 'ready') useRedis();
    else sub.once('ready', useRedis);
  }

  io.use(async (socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const fromQuery = socket.handshake.query.token;
    const token =
      typeof fromAuth === 'string' ? fromAuth : typeof fromQuery === 'string' ? fromQuery : undefined;
    const session = token ? await sessionForToken(db, secret, token).catch(() => undefined) : undefined;
    if (!session) return next(new Error('unauthorized'));
    socket.data.userId = session.user.id;
    await socket.join(room(session.user.id));
    next();
  });

  // Sockets end before the HTTP server closes (it would wait for them); the server itself is Fastify's to close.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    for (const client of adapterClients) client.disconnect();
  });

  return {
    publish(userId, event, payload) {
      // socket.io's typed emit cannot follow a generic event name; the signature above keeps callers exact.
      (io.to(room(userId)).emit as (name: string, data: unknown) => boolean)(event, payload);
    },
    disconnectUser(userId) {
      io.in(room(userId)).disconnectSockets(true);
    },
  };
}
