import { DEMO_EMAILS, DEMO_PASSWORD } from '@nestbox/shared/admin/admin.schema';
import { SYSTEM_USER } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';

const ADMIN = { email: 'root.admin@example.test', password: 'admin-password-42' };

async function login(t: TestApp, email: string, password: string) {
  const res = await t.request('/auth/login', {
    method: 'POST',
    json: { email, password, rememberMe: false },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe(`admin re-seed on ${testEngine}`, () => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  const api = apiCalls(
    () => t,
    () => adminToken,
  );

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        NESTBOX_ALLOW_RESEED: '1',
        NESTBOX_ADMIN_EMAIL: ADMIN.email,
        NESTBOX_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    userToken = await tokenFor(t.secrets.jwtSecret, await createUser(t.database.db));
    // The configured admin, as the server's start-up would create it.
    const admin = await createUser(t.database.db, {
      email: ADMIN.email,
      password: ADMIN.password,
      isAdmin: true,
    });
    adminToken = await tokenFor(t.secrets.jwtSecret, admin);
  });
  afterAll(() => t.close());

  it('refuses the logged out (401) and non-admins (403), and checks the type', async () => {
    expect(
      (await t.request('/api/admin/tools/resend', { method: 'POST', json: { type: 'base' } })).status,
    ).toBe(401);
    const forbidden = await api.send('POST', '/api/admin/tools/resend', { type: 'base' }, userToken);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('error.forbidden');
    expect((await api.send('POST', '/api/admin/tools/resend', { type: 'everything' })).status).toBe(400);
  });

  it('re-seeds full: demo users with boxes, priorities, dates, reminders and a shared box; the admin stays logged in', async () => {
    const socket = await connect(t.baseUrl, userToken);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const answer = await api.ok<{ message: string; sessionKept: boolean }>(
      'POST',
      '/api/admin/tools/resend',
      {
        type: 'full',
      },
    );
    // The deleted user's live socket ends with them.
    await disconnected;
    socket.close();
    expect(answer).toEqual({
      message: 'The database has been re-seeded with the full demo data.',
      sessionKept: true,
    });
    // The old plain user is gone, with every session.
    expect((await api.send('GET', '/api/admin/users/get-user', undefined, userToken)).status).toBe(401);
    // The asking admin is the configured one: same id, session carries on.
    const me = await api.ok<{ email: string; isAdmin: boolean }>('GET', '/api/admin/users/get-user');
    expect(me).toMatchObject({ email: ADMIN.email, isAdmin: true });

    const emails = (await t.database.db.selectFrom('users').select('email').orderBy('email').execute()).map(
      (u) => u.email,
    );
    expect(emails).toEqual([...Object.values(DEMO_EMAILS), ADMIN.email, SYSTEM_USER.email].sort());

    const alice = await login(t, DEMO_EMAILS.alice, DEMO_PASSWORD);
    const workspace = await api.ok<{ panesIndex: string[] }>(
      'GET',
      '/api/items/get-workspace-items',
      undefined,
      alice,
    );
    expect(workspace.panesIndex.length).toBe(3);
    const organizer = await api.ok<{
      organizerItems: Array<{
        priority: number | null;
        priorityTargetDate: number | null;
        completed: boolean;
      }>;
    }>('GET', '/api/items/get-organizer', undefined, alice);
    const ranked = organizer.organizerItems.filter((i) => i.priority !== null);
    expect(ranked.length).toBeGreaterThanOrEqual(4);
    expect(organizer.organizerItems.some((i) => i.priority === null)).toBe(true);
    const dated = ranked.map((i) => i.priorityTargetDate).filter((d): d is number => d !== null);
    expect(dated.some((d) => d < Date.now() - 12 * 3600_000)).toBe(true); // overdue
    expect(dated.some((d) => d > Date.now() + 5 * 24 * 3600_000)).toBe(true); // next week

    const camille = await login(t, DEMO_EMAILS.camille, DEMO_PASSWORD);
    expect(
      await api.ok<{ locale: string }>('GET', '/api/admin/users/get-user', undefined, camille),
    ).toMatchObject({ locale: 'fr' });

    // Bob edits Alice's holiday box.
    const bob = await login(t, DEMO_EMAILS.bob, DEMO_PASSWORD);
    const shared = await t.database.db
      .selectFrom('item_users')
      .innerJoin('items', 'items.id', 'item_users.item_id')
      .select(['items.id', 'items.title', 'item_users.level'])
      .where('items.is_root_box', '=', 0)
      .execute();
    expect(shared).toEqual([expect.objectContaining({ title: 'Holiday in Brittany', level: 'editor' })]);
    const holiday = await api.ok<{ item: Item; items: Item[] }>(
      'GET',
      `/api/items/get-items-for-pane?itemId=${shared[0]?.id}`,
      undefined,
      bob,
    );
    expect(holiday.item.accessLevel).toBe('editor');
    expect(holiday.items.length).toBeGreaterThan(0);

    // Three levels deep, completed items, reminders.
    const depth = await t.database.db
      .selectFrom('items')
      .select('id')
      .where('title', '=', 'Paint samples')
      .executeTakeFirst();
    expect(depth).toBeDefined();
    const completed = await t.database.db
      .selectFrom('items')
      .select('id')
      .where('completed_at', 'is not', null)
      .execute();
    expect(completed.length).toBeGreaterThan(3);
    const reminders = await t.database.db.selectFrom('reminders').selectAll().execute();
    expect(reminders.length).toBeGreaterThanOrEqual(3);
    expect(reminders.every((r) => ['before', 'after', 'on'].includes(r.before_after_on))).toBe(true);
  });

  it('re-seeds base: only the system user and the configured admin remain', async () => {
    await api.ok('POST', '/api/admin/tools/resend', { type: 'base' });
    const emails = (await t.database.db.selectFrom('users').select('email').orderBy('email').execute()).map(
      (u) => u.email,
    );
    expect(emails).toEqual([ADMIN.email, SYSTEM_USER.email].sort());
    // The admin is re-created with a root box to work in.
    expect(await t.database.db.selectFrom('items').select('title').execute()).toEqual([
      { title: 'Workspace' },
    ]);
  });

  it('tells the live sessions of everyone it deletes that a re-seed ended them', async () => {
    const user = await createUser(t.database.db);
    const socket = await connect(t.baseUrl, await tokenFor(t.secrets.jwtSecret, user));
    try {
      const told = nextEvent(socket, 'session:ended');
      await api.ok('POST', '/api/admin/tools/resend', { type: 'base' });
      expect(await told).toEqual({ reason: 'reseeded' });
    } finally {
      socket.close();
    }
  });

  it('logs out an admin who is not the configured one (they are not re-created)', async () => {
    const other = await createUser(t.database.db, { isAdmin: true });
    const otherToken = await tokenFor(t.secrets.jwtSecret, other);
    const answer = await api.ok<{ sessionKept: boolean }>(
      'POST',
      '/api/admin/tools/resend',
      { type: 'base' },
      otherToken,
    );
    expect(answer.sessionKept).toBe(false);
    expect((await api.send('GET', '/api/admin/users/get-user', undefined, otherToken)).status).toBe(401);
  });
});

describe(`admin re-seed switched off on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses even an admin with 403 and a message saying how to allow it; nothing is deleted', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const token = await tokenFor(t.secrets.jwtSecret, admin);
    const res = await t.request('/api/admin/tools/resend', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
      json: { type: 'full' },
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('admin.reseed.disabled');
    expect(body.error.message).toContain('NESTBOX_ALLOW_RESEED=1');
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', admin.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
