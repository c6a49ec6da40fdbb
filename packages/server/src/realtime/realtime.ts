import type { ServerToClientEvents } from '@nestbox/shared/realtime/events';
import { SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { SessionEnder } from '../modules/auth/auth.contract.js';
import { sessionForToken } from '../modules/auth/auth.service.js';

/**
 * What the rest of the server needs from the live channel: send to a user, and end the sockets
 * of sessions that stopped counting (the auth module's `SessionEnder`; a re-seed uses it too).
 */
export interface Publisher extends SessionEnder {
  publish<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
}

const userRoom = (userId: string) => `user:${userId}`;
const tokenRoom = (tokenId: string) => `token:${tokenId}`;

/** setTimeout's longest delay (about 24.8 days); a 30-day token's expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * socket.io at /socket.io on the app's own HTTP server. A socket is accepted only with a valid
 * session token (handshake `auth.token` or `?token=`), checked exactly as HTTP calls are; it
 * joins its user's room and its token's room, and is closed when the token expires. With
 * Redis, rooms span every instance (@socket.io/redis-adapter). Delivery is at most once:
 * clients resynchronise after reconnecting.
 */
export function attachRealtime(
  app: FastifyInstance,
  {
    db,
    secret,
    redis,
    now,
    onPublish,
  }: {
    db: Kysely<Database>;
    /** The app's clock: a socket lives until its token's expiry on it. */
    now: Clock;
    secret: string;
    redis: Redis | undefined;
    /** Told the name of every event sent to a user's room (the metrics count them). */
    onPublish?: (event: keyof ServerToClientEvents) => void;
  },
): Publisher & { localSocketCount(): number } {
  const io = new Server<Record<string, never>, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Long-polling answers above 1 KB go gzipped, like the API's.
    httpCompression: { threshold: 1024 },
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
    const session = token
      ? await sessionForToken(db, secret, token, { now }).catch(() => undefined)
      : undefined;
    if (!session) return next(new Error('unauthorized'));
    socket.data.userId = session.user.id;
    socket.data.expiresAt = session.expiresAt;
    await socket.join([userRoom(session.user.id), tokenRoom(session.tokenId)]);
    next();
  });

  io.on('connection', (socket) => {
    // The socket lives no longer than its token: HTTP would answer 401 from then on.
    let timer: NodeJS.Timeout | undefined;
    const expireAtTokenEnd = () => {
      const left = (socket.data.expiresAt as number) - now();
      if (left > MAX_TIMER_MS) {
        timer = setTimeout(expireAtTokenEnd, MAX_TIMER_MS);
        return;
      }
      timer = setTimeout(
        () => {
          socket.emit(SOCKET_EVENTS.sessionEnded, { reason: 'expired' });
          socket.disconnect(true);
        },
        Math.max(0, left),
      );
    };
    expireAtTokenEnd();
    socket.once('disconnect', () => clearTimeout(timer));
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
      onPublish?.(event);
      // socket.io's typed emit cannot follow a generic event name; the signature above keeps callers exact.
      (io.to(userRoom(userId)).emit as (name: string, data: unknown) => boolean)(event, payload);
    },
    endUserSessions(userId, reason, exceptTokenId) {
      const told = exceptTokenId
        ? io.to(userRoom(userId)).except(tokenRoom(exceptTokenId))
        : io.to(userRoom(userId));
      told.emit(SOCKET_EVENTS.sessionEnded, { reason });
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    endTokenSessions(tokenId, reason) {
      io.to(tokenRoom(tokenId)).emit(SOCKET_EVENTS.sessionEnded, { reason });
      io.in(tokenRoom(tokenId)).disconnectSockets(true);
    },
    localSocketCount: () => io.of('/').sockets.size,
  };
}
