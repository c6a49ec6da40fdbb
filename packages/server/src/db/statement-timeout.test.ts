import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { testDatabaseUrl, testEngine } from '../test/test-database.js';
import { type DatabaseHandle, openDatabase } from './connection.js';

// PostgreSQL only: SQLite runs in-process on one connection, with no statement timeout to set.
describe.runIf(testEngine === 'postgres')('PostgreSQL statement timeout', () => {
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    database = openDatabase({ databaseUrl: testDatabaseUrl(), pgPoolSize: 1, statementTimeoutMs: 200 });
    t = await buildTestApp({
      beforeListen: (app) => {
        app.get('/test/slow', async () => {
          await sql`select pg_sleep(5)`.execute(database.db);
          return { done: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('cancels a statement that runs too long, and the connection serves the next one', async () => {
    const started = performance.now();
    await expect(sql`select pg_sleep(5)`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
    expect(performance.now() - started).toBeLessThan(2_000);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('answers a cancelled statement with a translated 503, never a hung request', async () => {
    const answer = await t.request('/test/slow', { headers: { 'accept-language': 'fr' } });
    expect(answer.status).toBe(503);
    expect((await answer.json()).error.message).toBe(
      'Nestbox est occupé et n’a pas pu terminer à temps. Veuillez réessayer dans quelques instants.',
    );
  });

  it('sets a timeout on every connection the server opens by default', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.database.db);
    expect(rows[0]?.statement_timeout).toBe('10s');
  });
});
