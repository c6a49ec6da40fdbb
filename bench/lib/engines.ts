import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { OpenDatabaseOptions } from '../../packages/server/dist/db/connection.js';

export type EngineLabel = 'SQLite' | 'PostgreSQL';

/** The PostgreSQL a bench may use (BENCH_DATABASE_URL, else TEST_DATABASE_URL), if any. */
export function benchPgUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
}

/**
 * Runs `measure` on a fresh SQLite file, then, when a PostgreSQL is given, in a schema of its
 * own (or with `pgDatabase`, a database of its own), dropped afterwards, each with a scratch
 * data folder removed at the end. Answers the results in that order, and the report's closing
 * lines: whether PostgreSQL was left out, and the machine's load average before and after.
 */
export async function onEachEngine<T>(
  measure: (label: EngineLabel, options: OpenDatabaseOptions, dataDir: string) => Promise<T>,
  { pgDatabase = false }: { pgDatabase?: boolean } = {},
): Promise<{ results: T[]; closing: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
  const load = [loadavg()[0]];
  const results: T[] = [];
  const pgUrl = benchPgUrl();
  try {
    results.push(await measure('SQLite', { sqliteFile: path.join(dataDir, 'nestbox.sqlite') }, dataDir));
    if (pgUrl) {
      const inPostgres = pgDatabase ? inDatabaseOfItsOwn : inSchemaOfItsOwn;
      results.push(await inPostgres(pgUrl, (options) => measure('PostgreSQL', options, dataDir)));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  load.push(loadavg()[0]);
  return {
    results,
    closing: [
      pgUrl ? '' : 'PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… to add it.',
      `Machine load average (1 min) at the start and the end: ${load.map((l) => l?.toFixed(1)).join(' and ')} on ${cpus().length} cores.`,
    ],
  };
}

/** Runs `use` in a schema of its own in the PostgreSQL at `pgUrl`, dropped afterwards. */
async function inSchemaOfItsOwn<T>(pgUrl: string, use: (options: OpenDatabaseOptions) => Promise<T>) {
  const schema = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await use({ databaseUrl: pgUrl, pgSchema: schema });
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** Runs `use` in a database of its own beside the one `pgUrl` names, dropped afterwards. */
async function inDatabaseOfItsOwn<T>(pgUrl: string, use: (options: OpenDatabaseOptions) => Promise<T>) {
  const name = `nestbox_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return await use({ databaseUrl: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
