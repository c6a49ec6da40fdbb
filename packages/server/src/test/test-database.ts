import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DbEngine, openDatabase } from '../db/connection.js';
import { MIGRATION_PROVIDER, migrateToLatest } from '../db/migrate.js';
import { runBaseSeed } from '../db/seeds/base-seed.js';

/**
 * The engine this test run uses: `TEST_DB_ENGINE=postgres` (with `TEST_DATABASE_URL`) or
 * SQLite by default. `npm test` runs the integration suite once per engine.
 */
export const testEngine: DbEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  return url;
}

export interface TestDatabase extends DatabaseHandle {
  /** SQLite: the database file; PostgreSQL: the schema. */
  location: string;
  /** For PostgreSQL, the URL and schema to reach the same data from another connection or process. */
  databaseUrl?: string;
  pgSchema?: string;
}

/**
 * A new PostgreSQL schema's name. The run drops every schema so named once all its files are
 * done (test/global-setup.ts), never one while other files run.
 */
export const newTestSchemaName = () => `${inject('pgSchemaPrefix')}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh, empty database for one test suite: a new SQLite file in a temporary folder, or a
 * new PostgreSQL schema. Not migrated: see `createMigratedTestDatabase`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'postgres') {
    const databaseUrl = testDatabaseUrl();
    const schema = newTestSchemaName();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ databaseUrl, pgSchema: schema, pgPoolSize: 4 });
    return { ...handle, location: schema, databaseUrl, pgSchema: schema };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'nestbox-db-'));
  const file = path.join(dir, 'test.sqlite');
  const handle = openDatabase({ sqliteFile: file });
  return {
    ...handle,
    location: file,
    close: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The app's migrator on a test database (its own PostgreSQL schema's migration tables). */
export const migratorFor = (database: TestDatabase) =>
  new Migrator({
    db: database.db,
    provider: MIGRATION_PROVIDER,
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });

/** A fresh database with the schema migrated and the base seed applied, as at server start. */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await migrateToLatest(database.db);
  await runBaseSeed(database.db);
  return database;
}
