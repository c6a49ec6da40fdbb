// The server under measurement, in a thread of its own: the bench's client then never
// competes with it for the event loop, as a browser on another machine would not.
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../../packages/server/dist/app.js';
import { loadConfig } from '../../packages/server/dist/config/env.js';
import { loadSecrets } from '../../packages/server/dist/config/secrets.js';
import { openDatabase } from '../../packages/server/dist/db/connection.js';

const { dataDir, database: options, withWebApp } = workerData;
// Measured as it runs in production (connection.ts keeps development-only checks out of it).
process.env.NODE_ENV = 'production';
const database = openDatabase(options);
const app = await buildApp({
  config: loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  secrets: loadSecrets(dataDir),
  db: database.db,
  dbEngine: database.engine,
  redis: undefined,
  // undefined: the app's default, the built web app.
  webRoot: withWebApp ? undefined : null,
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  await database.close();
  parentPort.postMessage('closed');
});
parentPort.postMessage({ url });
