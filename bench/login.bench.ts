import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config/env.js';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { runBaseSeed } from '../packages/server/dist/db/seeds/base-seed.js';
import { hashPassword } from '../packages/server/dist/modules/auth/auth.service.js';
import { insertUserWithRootBox } from '../packages/server/dist/modules/users/users.service.js';
import { type Benchmark, measureConcurrent } from './lib/benchmark.js';

const CONCURRENCY = 4;
const BUDGET_P95_MS = 500;

/**
 * `POST /auth/login` with 4 logins at a time over real HTTP: argon2id (19 MiB, t=2) is the
 * cost, and the budget is p95 under 500 ms. Rate limiting is switched off for the run (it
 * would answer 429 long before the load says anything about the password hashing).
 */
const benchmark: Benchmark = {
  title: 'Login throughput and latency (argon2id) at 4 concurrent logins',
  async run({ durationSeconds }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    const now = Date.now();
    const users = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const user = {
          id: newId(),
          email: `bench${i}@example.test`,
          name: `Bench ${i}`,
          password_hash: await hashPassword('bench password'),
          activated_at: now,
          created_at: now,
          updated_at: now,
        };
        await insertUserWithRootBox(database.db, user, newId());
        return user.email;
      }),
    );
    const app = await buildApp({
      config: loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      secrets: loadSecrets(dataDir),
      db: database.db,
      dbEngine: database.engine,
      redis: undefined,
      webRoot: null,
      limiter: { consume: async () => {} },
    });
    try {
      const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/auth/login`;
      let next = 0;
      const login = async () => {
        const email = users[next++ % users.length];
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'bench password', rememberMe: false }),
        });
        await res.arrayBuffer();
        return res.status === 200;
      };
      for (let i = 0; i < CONCURRENCY; i++) await login(); // warm-up
      const r = await measureConcurrent(login, { concurrency: CONCURRENCY, durationSeconds });
      const verdict = r.p95 < BUDGET_P95_MS ? 'within' : '**over**';
      return [
        '| logins | failures | logins/s | p50 ms | p95 ms | p99 ms | max ms |',
        '|---:|---:|---:|---:|---:|---:|---:|',
        `| ${r.count} | ${r.failures} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} |`,
        '',
        `**p95 ${r.p95.toFixed(0)} ms: ${verdict} the ${BUDGET_P95_MS} ms budget.** ${CONCURRENCY} concurrent logins for ${durationSeconds} s over loopback HTTP, SQLite.`,
      ].join('\n');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
