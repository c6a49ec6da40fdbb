import { SYSTEM_USER } from '@nestbox/shared/constants';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, migratorFor, type TestDatabase, testEngine } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';
import { runBaseSeed } from '../seeds/base-seed.js';

describe(`migration 0019-color-scheme on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('gives accounts made before it the system colours, and refuses any other value', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await migratorFor(database).migrateTo('0018-covering-box-children');
    await runBaseSeed(db);
    await migrateToLatest(db);
    const scheme = () =>
      db
        .selectFrom('users')
        .select('color_scheme')
        .where('id', '=', SYSTEM_USER.id)
        .executeTakeFirstOrThrow()
        .then((row) => row.color_scheme);
    expect(await scheme()).toBe('system');
    await sql`update users set color_scheme = 'dark' where id = ${SYSTEM_USER.id}`.execute(db);
    expect(await scheme()).toBe('dark');
    await expect(
      sql`update users set color_scheme = 'sepia' where id = ${SYSTEM_USER.id}`.execute(db),
    ).rejects.toThrow(/check/i);
    expect(await scheme()).toBe('dark');
  });
});
