import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config/env.js';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { runBaseSeed } from '../packages/server/dist/db/seeds/base-seed.js';
import { type Benchmark, measure, table } from './lib/benchmark.js';

/**
 * The cost of our stack on the simplest route: `GET /api/health` (security headers, request
 * id, locale, zod serialisation, a `select 1` on SQLite) against a bare Fastify hello-world,
 * both in this process, measured one after the other with the same load.
 */
const benchmark: Benchmark = {
  title: 'GET /api/health against a bare Fastify hello-world',
  async run({ durationSeconds }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    const config = loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    const app = await buildApp({
      config,
      secrets: loadSecrets(dataDir),
      db: database.db,
      dbEngine: database.engine,
      redis: undefined,
      webRoot: null,
    });
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world' }));

    try {
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
      const baseline = await measure('bare Fastify `GET /`', bareUrl, { durationSeconds });
      const health = await measure('Nestbox `GET /api/health`', `${appUrl}/api/health`, { durationSeconds });
      const ratio = health.requestsPerSecond / baseline.requestsPerSecond;
      return [
        table([baseline, health]),
        '',
        `**Ratio: /api/health serves ${(ratio * 100).toFixed(0)} % of the bare hello-world's throughput** (${ratio.toFixed(2)}×).`,
        '',
        `10 connections, ${durationSeconds} s per target after a warm-up; load generator and servers share the machine.`,
        'The app logs at `warn` here (request logging at `info` costs extra in production).',
      ].join('\n');
    } finally {
      await app.close();
      await bare.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
