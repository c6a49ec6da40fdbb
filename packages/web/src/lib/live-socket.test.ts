import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { keepConnected } from './live-socket';

/** A real socket.io server that can be stopped the way Nestbox stops, and started again on its port. */
async function startServer(
  port = 0,
): Promise<{ port: number; stop: () => Promise<void>; vanish: () => Promise<void> }> {
  const http: HttpServer = createServer();
  const connections = new Set<import('node:net').Socket>();
  http.on('connection', (connection) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
  });
  const server = new Server(http);
  http.listen(port, '127.0.0.1');
  await once(http, 'listening');
  return {
    port: (http.address() as AddressInfo).port,
    // As the app's preClose hook does: every socket closed by the server, then the server.
    stop: async () => {
      server.local.disconnectSockets(true);
      await server.close();
    },
    // A process killed outright: its connections end without a word.
    vanish: async () => {
      for (const connection of connections) connection.destroy();
      await server.close();
    },
  };
}

/** The next time the client's socket says this. */
const next = (socket: Socket, event: 'connect' | 'disconnect') =>
  new Promise<void>((resolve) => {
    socket.once(event, () => resolve());
  });

describe('keepConnected', () => {
  let client: Socket | undefined;
  let stopServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    client?.close();
    await stopServer?.();
    stopServer = undefined;
  });

  it('connects again once a server that closed every socket is back, and says it was down', async () => {
    const first = await startServer();
    stopServer = first.stop;
    client = io(`http://127.0.0.1:${first.port}`, { transports: ['websocket'] });
    let downs = 0;
    keepConnected(client, () => {
      downs += 1;
    });
    await next(client, 'connect');

    await first.stop();
    stopServer = undefined;
    expect(downs).toBe(1);
    // A rolling restart: the same address answers again a moment later.
    const second = await startServer(first.port);
    stopServer = second.stop;
    await next(client, 'connect');
    expect(client.connected).toBe(true);
  }, 15_000);

  it('says it was down when the server vanished without closing the socket, and connects again', async () => {
    const first = await startServer();
    client = io(`http://127.0.0.1:${first.port}`, { transports: ['websocket'], reconnectionDelayMax: 500 });
    let downs = 0;
    keepConnected(client, () => {
      downs += 1;
    });
    await next(client, 'connect');

    const lost = next(client, 'disconnect');
    await first.vanish();
    await lost;
    expect(downs).toBe(1);
    const second = await startServer(first.port);
    stopServer = second.stop;
    await next(client, 'connect');
    expect(client.connected).toBe(true);
  }, 15_000);

  it('lets the socket go once told to stop (a session ended on purpose)', async () => {
    const server = await startServer();
    stopServer = server.stop;
    client = io(`http://127.0.0.1:${server.port}`, { transports: ['websocket'] });
    let downs = 0;
    const stop = keepConnected(client, () => {
      downs += 1;
    });
    await next(client, 'connect');
    stop();
    const left = next(client, 'disconnect');
    await server.stop();
    stopServer = undefined;
    await left;
    expect(downs).toBe(0);
    expect(client.active).toBe(false);
  });
});
