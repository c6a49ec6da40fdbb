import v8 from 'node:v8';
import { buildApp } from './app.js';
import { clockStartingAt, systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config/env.js';
import { loadSecrets } from './config/secrets.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { runBaseSeed } from './db/seeds/base-seed.js';
import { hashPassword } from './modules/auth/auth.service.js';

const SHUTDOWN_GRACE_MS = 10_000;

// V8 lets the old generation grow to up to four times what is alive before it collects it: a
// long stream (an export of a million items) or a busy minute left the process holding
// hundreds of MB of garbage. Half as much again keeps a self-hosted instance small, for a few
// per cent more time collecting (bench/reports/scale.md).
v8.setFlagsFromString('--heap-growing-percent=50');

/** Starts Nestbox: config, database (migrated and seeded), then the HTTP server; stops gracefully. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Nestbox cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const secrets = loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret, vapid: config.vapidKeys });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.statementTimeoutMs,
    sqliteFile: `${config.dataDir}/nestbox.sqlite`,
  });
  await migrateToLatest(database.db);
  const now = config.e2eNow === undefined ? systemClock : clockStartingAt(config.e2eNow);
  await runBaseSeed(
    database.db,
    now(),
    config.admin
      ? { admin: { email: config.admin.email, passwordHash: await hashPassword(config.admin.password) } }
      : {},
  );
  // Redis's client is loaded only where one is configured (scale-out).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;

  const app = await buildApp({
    config,
    secrets,
    db: database.db,
    dbEngine: database.engine,
    redis,
    now,
    // Readable lines for a person at a terminal; JSON lines for log collectors.
    prettyLogs: Boolean(process.stdout.isTTY),
    runJobs: true,
  });
  redis?.on('error', (error) => app.log.warn({ err: error }, 'Redis is unreachable; retrying'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { address, database: database.engine, dataDir: config.dataDir },
    `Nestbox is running at ${config.appUrl} (${database.engine})`,
  );
}

main().catch((error: unknown) => {
  console.error('Nestbox failed to start:', error);
  process.exit(1);
});
