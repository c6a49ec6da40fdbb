import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { OpenDatabaseOptions } from '../../packages/server/dist/db/connection.js';

/**
 * Starts the real app in a worker thread on the given database (already seeded) and answers
 * its base URL; `close` stops it. Secrets are read from `dataDir`, so tokens signed with
 * `loadSecrets(dataDir)` in the bench are accepted. With `withWebApp`, it serves the built web
 * app too (for benches that drive Chromium).
 */
export async function startAppInWorker(dataDir: string, database: OpenDatabaseOptions, withWebApp = false) {
  const worker = new Worker(new URL('./app-worker.mjs', import.meta.url), {
    workerData: { dataDir, database, withWebApp },
    // Plain Node: the server's built files and the shared package's dist, as in production.
    execArgv: [],
  });
  const [ready] = (await once(worker, 'message')) as [{ url: string }];
  return {
    url: ready.url,
    async close() {
      worker.postMessage('close');
      await once(worker, 'message');
      await worker.terminate();
    },
  };
}
