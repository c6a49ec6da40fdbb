import { SYSTEM_USER } from '@nestbox/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../modules/auth/auth.service.js';
import { buildTestApp } from '../../test/build-test-app.js';
import { linkIn, startSmtpCapture } from '../../test/smtp-capture.js';
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

  it('makes an existing account admin only when its address is proven', async () => {
    const now = Date.now();
    const insert = (email: string, verified: boolean) =>
      database.db
        .insertInto('users')
        .values({
          id: `seed-test-${email}`,
          email,
          name: email,
          password_hash: '!',
          activated_at: now,
          email_verified_at: verified ? now : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    // Typed into a profile (before e-mail changes needed a link): never made admin.
    await insert('squatted@example.test', false);
    await runBaseSeed(database.db, now, {
      admin: { email: 'squatted@example.test', passwordHash: await hashPassword('x-admin-password') },
    });
    // Confirmed by an activation or e-mail change link: made admin.
    await insert('proven@example.test', true);
    await runBaseSeed(database.db, now, {
      admin: { email: 'proven@example.test', passwordHash: await hashPassword('x-admin-password') },
    });
    const admins = await database.db
      .selectFrom('users')
      .select(['email', 'is_admin'])
      .where('email', 'in', ['squatted@example.test', 'proven@example.test'])
      .orderBy('email')
      .execute();
    expect(admins).toEqual([
      { email: 'proven@example.test', is_admin: 1 },
      { email: 'squatted@example.test', is_admin: 0 },
    ]);
  });

  it('proves the address of an account activated by its link', async () => {
    const smtp = await startSmtpCapture();
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const email = 'activated.admin@example.test';
      await t.request('/auth/signup', {
        method: 'POST',
        json: { name: 'A', email, password: 'a long passphrase' },
      });
      const { token } = linkIn((await smtp.lastMessageTo(email)).text, '/activate-account/');
      expect(
        (await t.request('/user/activate', { method: 'POST', json: { confirmHash: token } })).status,
      ).toBe(200);
      await runBaseSeed(t.database.db, Date.now(), {
        admin: { email, passwordHash: await hashPassword('x-admin-password') },
      });
      const row = await t.database.db
        .selectFrom('users')
        .select('is_admin')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.is_admin).toBe(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
