import { SYSTEM_USER } from '@nestbox/shared/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, migratorFor, type TestDatabase, testEngine } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';
import { runBaseSeed } from '../seeds/base-seed.js';

describe(`migration 0011-shortcuts on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('turns keyboard shortcuts on for accounts made before it, and for new ones', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await migratorFor(database).migrateTo('0008-value-sets');
    await runBaseSeed(db);
    await migrateToLatest(db);
    const system = await db
      .selectFrom('users')
      .select('shortcuts_enabled')
      .where('id', '=', SYSTEM_USER.id)
      .executeTakeFirstOrThrow();
    expect(system.shortcuts_enabled).toBe(1);
  });
});
