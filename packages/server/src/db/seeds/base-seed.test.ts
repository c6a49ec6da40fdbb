import { SYSTEM_USER } from '@nestbox/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../modules/auth/password-hasher.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { runBaseSeed } from './base-seed.js';

describe(`base seed on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(() => database.close());

  const users = () =>
    database.db
      .selectFrom('users')
      .select(['id', 'email', 'is_admin', 'activated_at', 'password_hash'])
      .orderBy('email')
      .execute();

  it('creates the system user and the configured admin (activated, admin, with a root box), idempotently', async () => {
    const admin = { email: 'Boss@Example.test', passwordHash: await hashPassword('admin-password-1') };
    await runBaseSeed(database.db, Date.now(), { admin });
    await runBaseSeed(database.db, Date.now(), { admin });
    const rows = await users();
    expect(rows.map((u) => u.email)).toEqual(['boss@example.test', SYSTEM_USER.email]);
    const boss = rows[0];
    expect(boss).toMatchObject({ is_admin: 1 });
    expect(boss?.activated_at).not.toBeNull();
    expect(await verifyPassword(boss?.password_hash ?? '', 'admin-password-1')).toBe(true);
    const roots = await database.db
      .selectFrom('items')
      .select('id')
      .where('created_by', '=', boss?.id ?? '')
      .where('is_root_box', '=', 1)
      .execute();
    expect(roots).toHaveLength(1);
  });

  it('keeps an existing admin’s password (they may have changed it) and makes them admin again', async () => {
    await database.db
      .updateTable('users')
      .set({ is_admin: 0 })
      .where('email', '=', 'boss@example.test')
      .execute();
    await runBaseSeed(database.db, Date.now(), {
      admin: { email: 'boss@example.test', passwordHash: await hashPassword('a-new-password-2') },
    });
    const boss = (await users())[0];
    expect(boss?.is_admin).toBe(1);
    expect(await verifyPassword(boss?.password_hash ?? '', 'admin-password-1')).toBe(true);
  });
});
