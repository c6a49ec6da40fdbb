import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createSearchExtensions } from '../db/migrations/0024-search-index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of every PostgreSQL schema this run creates (`nb_test_<run>_…`). */
    pgSchemaPrefix: string;
  }
}

/**
 * PostgreSQL schemas are dropped once, after the whole run, never while other files still
 * run: reading the catalogue (as Kysely's migrator does) fails with "schema does not exist"
 * when another worker drops a schema in the middle of that read.
 */
export default async function setup(project: TestProject) {
  const prefix = `nb_test_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  project.provide('pgSchemaPrefix', prefix);
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_ENGINE !== 'postgres' || !url) return;
  await createExtensions(url);
  return async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(
        `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
        [`${prefix}_`],
      );
      for (const { name } of rows) await admin.query(`drop schema if exists ${name} cascade`);
    } finally {
      await admin.end();
    }
  };
}

/**
 * The extensions the search index needs, added once before any file runs: every test schema's
 * migration then finds them there, where several adding them at the same moment would collide.
 */
async function createExtensions(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await createSearchExtensions(admin);
  } finally {
    await admin.end();
  }
}
