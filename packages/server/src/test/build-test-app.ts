import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.js';
import { type Clock, systemClock } from '../clock.js';
import { type Config, loadConfig } from '../config/env.js';
import { loadSecrets, type Secrets } from '../config/secrets.js';
import { openDatabase } from '../db/connection.js';
import type { Db } from '../db/schema.js';
import type { PushTransport } from '../modules/push/push.service.js';
import { createMigratedTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  secrets: Secrets;
  /** The app's clock (the machine's unless the test stated a date). */
  now: Clock;
  /** `http://127.0.0.1:<port>`: tests talk to the app over real HTTP. */
  baseUrl: string;
  /** fetch() against the app; `json` is sent as a JSON body. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Extra environment for loadConfig (e.g. `{ REDIS_URL }`). */
  env?: Record<string, string>;
  /** The built web app's folder; none by default. */
  webRoot?: string | null;
  /** Add routes or hooks before the app starts listening (test-only endpoints). */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  /** Where Web Push may send (a local stand-in for the push services). */
  pushTransport?: PushTransport;
  /** The app's clock: tests whose outcome depends on the calendar state their date with one. */
  now?: Clock;
  /** Log lines at info and above go here (tests read them); none by default. */
  logStream?: Writable;
  /**
   * PostgreSQL only: run as a second instance on this app's schema (a pool of its own), as
   * two servers share one database; its close leaves the schema to the first.
   */
  besides?: TestApp;
  /** The database as the app sees it (a test that steps into the app's transactions wraps it). */
  wrapDb?: (db: Db) => Db;
}

/**
 * Builds the real app on a fresh database (the engine of this run) and a temporary data
 * directory, listening on a free loopback port.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-data-'));
  const config = loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...options.env });
  const database = options.besides
    ? secondHandleOn(options.besides.database)
    : await createMigratedTestDatabase();
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true })
    : undefined;
  // A Redis that is down is a state under test (health says so), not a crash.
  redis?.on('error', () => {});
  // A second instance signs and reads sessions with the first one's secret, as servers sharing a database do.
  const secrets = options.besides?.secrets ?? loadSecrets(dataDir);
  const now = options.now ?? systemClock;
  const app = await buildApp({
    now,
    config,
    secrets,
    db: options.wrapDb ? options.wrapDb(database.db) : database.db,
    dbEngine: database.engine,
    redis,
    webRoot: options.webRoot ?? null,
    ...(options.pushTransport ? { pushTransport: options.pushTransport } : {}),
    ...(options.logStream ? { logger: { level: 'info', stream: options.logStream } } : {}),
  });
  await options.beforeListen?.(app);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    app,
    database,
    config,
    secrets,
    now,
    baseUrl,
    request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      const finalHeaders = new Headers(headers);
      if (json !== undefined && !finalHeaders.has('content-type'))
        finalHeaders.set('content-type', 'application/json');
      return fetch(`${baseUrl}${pathname}`, {
        ...rest,
        headers: finalHeaders,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await app.close();
      redis?.disconnect();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another pool on a test database's PostgreSQL schema, which its close leaves in place. */
function secondHandleOn(database: TestDatabase): TestDatabase {
  if (!database.databaseUrl || !database.pgSchema) throw new Error('a second instance needs PostgreSQL');
  const handle = openDatabase({
    databaseUrl: database.databaseUrl,
    pgSchema: database.pgSchema,
    pgPoolSize: 4,
  });
  return {
    ...handle,
    location: database.location,
    databaseUrl: database.databaseUrl,
    pgSchema: database.pgSchema,
  };
}
