import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { loadSecrets } from '../../packages/server/dist/config/secrets.js';
import {
  type DatabaseHandle,
  type OpenDatabaseOptions,
  openDatabase,
} from '../../packages/server/dist/db/connection.js';
import { signSessionToken } from '../../packages/server/dist/modules/auth/auth.service.js';

export interface AppWorkerOptions {
  /** Serve the built web app too (for benches that drive Chromium). */
  withWebApp?: boolean;
  /** A rate limiter that never answers 429 (for load benches). */
  unlimited?: boolean;
  /** Count the server's warnings and errors and watch its event loop, for `stats`. */
  watch?: boolean;
  /** Serve Prometheus metrics (NESTBOX_METRICS=1), which then time every answer and query. */
  metrics?: boolean;
}

/** What the server's thread did since the previous `stats` call (or since it started). */
export interface AppWorkerStats {
  /** Share of the time its event loop was busy, 0–1. */
  utilization: number;
  /** How late its event loop ran timers, p99 and max (only with `watch`). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The same since the last `mark` (only with `watch`), p50 too. */
  sinceMark: { loopDelayP50Ms: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
  /** Warnings and errors it logged since it started (only with `watch`), the first few whole. */
  logged: { warnings: number; errors: number; lines: string[] };
}

/** Where a thread spent its CPU time: shares (0–1) of the busy samples, busiest first. */
export interface ProfileSummary {
  functions: { name: string; share: number }[];
  packages: { name: string; share: number }[];
}

/**
 * Starts the real app in a worker thread on the given database (already seeded) and answers
 * its base URL; `close` stops it. Secrets are read from `dataDir`, so tokens signed with
 * `loadSecrets(dataDir)` in the bench are accepted.
 */
export async function startAppInWorker(
  dataDir: string,
  database: OpenDatabaseOptions,
  { withWebApp = false, unlimited = false, watch = false, metrics = false }: AppWorkerOptions = {},
) {
  const worker = new Worker(new URL('./app-worker.mjs', import.meta.url), {
    workerData: { dataDir, database, withWebApp, unlimited, watch, metrics },
    // Plain Node: the server's built files and the shared package's dist, as in production.
    execArgv: [],
  });
  const [ready] = (await once(worker, 'message')) as [{ url: string }];
  return {
    url: ready.url,
    /** Starts the `sinceMark` window of `stats`. */
    async mark(): Promise<void> {
      worker.postMessage('mark');
      await once(worker, 'message');
    },
    async stats(): Promise<AppWorkerStats> {
      worker.postMessage('stats');
      const [stats] = (await once(worker, 'message')) as [AppWorkerStats];
      return stats;
    },
    /** Profiles the server's thread while `during` runs. */
    async profile(during: () => Promise<unknown>): Promise<ProfileSummary> {
      worker.postMessage('profile-start');
      await once(worker, 'message');
      await during();
      worker.postMessage('profile-stop');
      const [summary] = (await once(worker, 'message')) as [ProfileSummary];
      return summary;
    },
    async close() {
      worker.postMessage('close');
      await once(worker, 'message');
      await worker.terminate();
    },
  };
}

/**
 * Seeds the database `database` names with `seed` (closed again before the app opens it), then
 * starts the app on it as `startAppInWorker` does. Answers the app, what `seed` answered, and a
 * session token of the user it seeded (signed with the secrets of `dataDir`).
 */
export async function startSeededApp<S extends { userId: string }>(
  dataDir: string,
  database: OpenDatabaseOptions,
  seed: (handle: DatabaseHandle) => Promise<S>,
  options: AppWorkerOptions = {},
) {
  const handle = openDatabase(database);
  const seeded = await seed(handle);
  await handle.close();
  const secrets = loadSecrets(dataDir);
  const token = await signSessionToken(secrets.jwtSecret, {
    userId: seeded.userId,
    tokenVersion: 0,
    rememberMe: false,
  });
  const app = await startAppInWorker(dataDir, database, options);
  return { app, seeded, token };
}
