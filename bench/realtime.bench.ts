import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config/env.js';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { insertUserWithRootBox } from '../packages/server/dist/modules/users/users.service.js';
import { type Benchmark, percentile } from './lib/benchmark.js';

const WRITES = 300;
const BUDGET_P99_MS = 50;

/**
 * The budget: from an HTTP write's response to the event at a second client, p99 under
 * 50 ms on loopback — for one instance, and for two instances sharing events through Redis
 * (both on one SQLite file here; REDIS_URL, default redis://127.0.0.1:6379).
 */
const benchmark: Benchmark = {
  title: 'Live update latency: HTTP write → socket event at another client',
  async run() {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    const reachable = await probe
      .connect()
      .then(() => probe.ping())
      .then(
        () => true,
        () => false,
      );
    probe.disconnect();
    if (!reachable) return `Not measured: no Redis at ${redisUrl} (set REDIS_URL).`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    const file = path.join(dataDir, 'nestbox.sqlite');
    const setup = openDatabase({ sqliteFile: file });
    await migrateToLatest(setup.db);
    const now = Date.now();
    const userId = newId();
    const root = newId();
    await insertUserWithRootBox(
      setup.db,
      {
        id: userId,
        email: 'live@example.test',
        name: 'Live',
        password_hash: '!',
        activated_at: now,
        created_at: now,
        updated_at: now,
      },
      root,
    );
    await setup.close();
    const secrets = loadSecrets(dataDir);
    const token = await signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });

    const startInstance = async () => {
      const database = openDatabase({ sqliteFile: file });
      const redis = new Redis(redisUrl);
      const app = await buildApp({
        config: loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIS_URL: redisUrl }),
        secrets,
        db: database.db,
        dbEngine: 'sqlite',
        redis,
        webRoot: null,
      });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      return {
        url,
        close: async () => {
          await app.close();
          redis.disconnect();
          await database.close();
        },
      };
    };
    const a = await startInstance();
    const b = await startInstance();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the Redis adapters subscribe

    const measure = async (label: string, writeUrl: string, listenUrl: string) => {
      const socket = io(listenUrl, { path: '/socket.io', transports: ['websocket'], auth: { token } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const item = (await (
        await fetch(`${writeUrl}/api/items/create-item`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ parentItemId: root, itemType: 'todoText', title: 'live' }),
        })
      ).json()) as { _id: string };
      const samples: number[] = [];
      let missed = 0;
      for (let i = 0; i < WRITES; i++) {
        const heard = new Promise<number>((resolve) => {
          const timer = setTimeout(() => resolve(Number.NaN), 2_000);
          socket.once('UPDATE_ITEM', () => {
            clearTimeout(timer);
            resolve(performance.now());
          });
        });
        const res = await fetch(`${writeUrl}/api/items/save-text-item`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-client-id': 'writer',
          },
          body: JSON.stringify({ itemId: item._id, title: `live ${i}` }),
        });
        await res.arrayBuffer();
        const answered = performance.now();
        const at = await heard;
        if (Number.isNaN(at)) missed++;
        else samples.push(Math.max(0, at - answered));
      }
      socket.close();
      samples.sort((x, y) => x - y);
      return `| ${label} | ${samples.length} | ${missed} | ${percentile(samples, 50).toFixed(2)} | ${percentile(samples, 99).toFixed(2)} |`;
    };

    try {
      const rows = [
        await measure('one instance', a.url, a.url),
        await measure('two instances via Redis', a.url, b.url),
      ];
      return [
        '| path | events | missed | p50 ms | p99 ms |',
        '|---|---:|---:|---:|---:|',
        ...rows,
        '',
        `Budget: p99 under ${BUDGET_P99_MS} ms. ${WRITES} sequential writes each; latency counted from the HTTP response to the event (0 when the event came first).`,
      ].join('\n');
    } finally {
      await a.close();
      await b.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
