import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddItemEvent } from '@nestbox/shared/realtime/events';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own way of staying connected, tested here against real restarting servers.
import { keepConnected } from '../../../web/src/lib/live-socket.js';
import { openDatabase } from '../db/connection.js';
import { createUser, rootBoxOf, tokenFor } from '../test/factories.js';
import { type ClientSocket, connect, nextEvent } from '../test/socket-client.js';
import { newTestSchemaName, testEngine } from '../test/test-database.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const SECRET = 'scale-out-test-secret-scale-out-test-secret';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitForHealth(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res?.status === 200 && ((await res.json()) as { redis?: string }).redis === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not become healthy:\n${output.join('')}`);
}

/**
 * Scale-out (ARCHITECTURE.md): two real server processes on one PostgreSQL schema and one
 * Redis; a change written through instance A reaches a socket client of instance B.
 */
describe.runIf(testEngine === 'postgres' && databaseUrl && redisUrl)(
  'two instances on PostgreSQL and Redis',
  () => {
    const schema = newTestSchemaName();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-scale-'));
    const children: ChildProcess[] = [];
    const urls: string[] = [];
    let schemaUrl = '';

    /** Starts instance `index` (A, B) of the same app on `port`, and waits until it is healthy. */
    async function startInstance(index: number, port: number) {
      const name = 'AB'[index] ?? 'X';
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', serverEntry], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: schemaUrl,
          REDIS_URL: redisUrl,
          NESTBOX_JWT_SECRET: SECRET,
          NESTBOX_DATA_DIR: path.join(dataDir, name),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      children[index] = child;
      urls[index] = `http://127.0.0.1:${port}`;
      await waitForHealth(urls[index] ?? '', child, output);
    }

    /** Stops instance `index` as a deploy does (SIGTERM: it closes its sockets, then exits). */
    async function stopInstance(index: number) {
      const child = children[index];
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      schemaUrl = `${databaseUrl}${databaseUrl?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      for (const index of [0, 1]) await startInstance(index, await freePort());
    }, 90_000);

    afterAll(async () => {
      await Promise.all(children.map((_, index) => stopInstance(index)));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers an item created through A to a socket connected to B', async () => {
      const database = openDatabase({ databaseUrl, pgSchema: schema, pgPoolSize: 2 });
      const user = await createUser(database.db, { name: 'Scaled' });
      const root = await rootBoxOf(database.db, user.id);
      await database.close();
      const token = await tokenFor(SECRET, user);
      const [urlA, urlB] = urls;

      const socket = await connect(urlB ?? '', token);
      try {
        // The Redis adapter joins as soon as its connection is ready; give it a few tries.
        let event: AddItemEvent | undefined;
        for (let attempt = 0; attempt < 5 && !event; attempt++) {
          const heard = nextEvent(socket, 'ADD_ITEM', 1_500).catch(() => undefined);
          const res = await fetch(`${urlA}/api/items/create-item`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'x-client-id': 'tab-a',
            },
            body: JSON.stringify({
              parentItemId: root,
              itemType: 'todoText',
              title: `through A #${attempt}`,
            }),
          });
          expect(res.status).toBe(201);
          event = (await heard) as AddItemEvent | undefined;
        }
        expect(event).toMatchObject({
          parentItemId: root,
          clientId: 'tab-a',
          item: { title: expect.stringMatching(/^through A/) },
        });
      } finally {
        socket.close();
      }
    });

    it('closes the sockets of a token logged out through A on B', async () => {
      const database = openDatabase({ databaseUrl, pgSchema: schema, pgPoolSize: 2 });
      const user = await createUser(database.db, { name: 'Leaving' });
      await database.close();
      const token = await tokenFor(SECRET, user);
      const [urlA, urlB] = urls;

      const socket = await connect(urlB ?? '', token);
      try {
        const told = nextEvent(socket, 'session:ended', 10_000);
        const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        const res = await fetch(`${urlA}/auth/logout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(204);
        expect(await told).toEqual({ reason: 'loggedOut' });
        expect(await closed).toBe('io server disconnect');
        const refused = await fetch(`${urlB}/api/admin/users/get-user`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(refused.status).toBe(401);
      } finally {
        socket.close();
      }
    });

    it('keeps every client live through a rolling restart of both instances', async () => {
      const database = openDatabase({ databaseUrl, pgSchema: schema, pgPoolSize: 2 });
      const user = await createUser(database.db, { name: 'Rolling' });
      const root = await rootBoxOf(database.db, user.id);
      await database.close();
      const token = await tokenFor(SECRET, user);

      // Two pages on each instance, as the web app opens them and keeps them connected.
      const clients = [0, 0, 1, 1].map((index) => {
        const socket: ClientSocket = io(urls[index], {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
        });
        return { socket, stop: keepConnected(socket as Socket) };
      });
      const allConnected = (within: number) =>
        Promise.all(
          clients.map(({ socket }) =>
            socket.connected
              ? undefined
              : new Promise<void>((resolve, reject) => {
                  const timer = setTimeout(
                    () => reject(new Error(`a client was not live within ${within} ms`)),
                    within,
                  );
                  socket.once('connect', () => {
                    clearTimeout(timer);
                    resolve();
                  });
                }),
          ),
        );
      try {
        await allConnected(10_000);
        // A deploy: A stops and starts again on its address, then B.
        for (const index of [0, 1]) {
          const port = Number(new URL(urls[index] ?? '').port);
          await stopInstance(index);
          await startInstance(index, port);
        }
        await allConnected(10_000);

        // Live again: a change through A reaches every page, on either instance.
        const heard = Promise.all(clients.map(({ socket }) => nextEvent(socket, 'ADD_ITEM', 10_000)));
        const res = await fetch(`${urls[0]}/api/items/create-item`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ parentItemId: root, itemType: 'todoText', title: 'after the deploy' }),
        });
        expect(res.status).toBe(201);
        for (const event of await heard) expect(event).toMatchObject({ item: { title: 'after the deploy' } });
      } finally {
        for (const { socket, stop } of clients) {
          stop();
          socket.close();
        }
      }
    }, 120_000);
  },
);
