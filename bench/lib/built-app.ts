import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/dist/app.js';
import { loadConfig } from '../../packages/server/dist/config/env.js';
import { loadSecrets, type Secrets } from '../../packages/server/dist/config/secrets.js';
import { type DatabaseHandle, openDatabase } from '../../packages/server/dist/db/connection.js';

const webIndex = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/web/dist/index.html',
);

/**
 * The built app (API and web app) on a fresh SQLite database in a temporary data folder,
 * listening on a free loopback port in this process, for the benches that drive Chromium.
 * `seed` fills the database first; `close` stops the app and removes everything.
 */
export async function startBuiltApp<Seeded>(
  label: string,
  seed: (database: DatabaseHandle) => Promise<Seeded>,
): Promise<{
  base: string;
  secrets: Secrets;
  database: DatabaseHandle;
  seeded: Seeded;
  close: () => Promise<void>;
}> {
  if (!existsSync(webIndex)) throw new Error('Build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), `nestbox-bench-${label}-`));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
  const seeded = await seed(database);
  const secrets = loadSecrets(dataDir);
  const app = await buildApp({
    config: loadConfig({ NESTBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    secrets,
    db: database.db,
    dbEngine: database.engine,
    redis: undefined,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    secrets,
    database,
    seeded,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
