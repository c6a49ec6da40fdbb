import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { SlackAccount } from '@nestbox/shared/slack/slack.schema';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import type { AuditEventsTable, Executor } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import {
  createSignedInUser,
  createUser,
  DEFAULT_PASSWORD,
  insertItemRow,
  type SignedInUser,
  tokenFor,
  uniqueEmail,
} from '../../test/factories.js';
import { startSlackStandIn, TEST_SLACK } from '../../test/slack-stand-in.js';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestDatabase, testEngine } from '../../test/test-database.js';
import { createAuditService } from './audit.service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await json<ErrorBody>(res)).error;

let callerCounter = 0;
/** A caller of its own: an address (through the trusted proxy's X-Forwarded-For) and a browser. */
function newCaller() {
  const n = ++callerCounter;
  return {
    ip: `203.0.113.${n}`,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) Firefox/13${n}.0`,
    headers: {
      'x-forwarded-for': `203.0.113.${n}`,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/13${n}.0`,
    },
  };
}
type Caller = ReturnType<typeof newCaller>;

/** Every event of a user, oldest first. */
const eventsOf = (db: Executor, userId: string) =>
  db
    .selectFrom('audit_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The row is `type`, by `userId`, from `caller`, made at or after `since`, with these details. */
function expectEvent(
  row: AuditEventsTable | undefined,
  expected: { type: string; userId: string | null; caller: Caller; since: number; details?: object },
) {
  expect(row).toMatchObject({
    type: expected.type,
    user_id: expected.userId,
    ip: expected.caller.ip,
    user_agent: expected.caller.userAgent,
  });
  expect(Number(row?.created_at)).toBeGreaterThanOrEqual(expected.since);
  expect(Number(row?.created_at)).toBeLessThanOrEqual(Date.now());
  expect(JSON.parse(row?.details ?? 'null')).toEqual(expected.details ?? {});
}

describe(`audit trail on ${testEngine}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
  let admin: SignedInUser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    slack = await startSlackStandIn();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        NESTBOX_APP_URL: 'http://nestbox.test',
        NESTBOX_TRUST_PROXY: '1',
        SLACK_CLIENT_ID: TEST_SLACK.clientId,
        SLACK_CLIENT_SECRET: TEST_SLACK.clientSecret,
        SLACK_SIGNING_SECRET: TEST_SLACK.signingSecret,
        SLACK_API_URL: slack.url,
      },
    });
    admin = await createSignedInUser(t, { isAdmin: true, name: 'Admin' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    slack.server.close();
  });

  const send = (
    method: string,
    pathname: string,
    {
      token,
      caller,
      json: body,
      locale,
    }: { token?: string; caller?: Caller; json?: unknown; locale?: string } = {},
  ) =>
    t.request(pathname, {
      method,
      headers: {
        ...(caller?.headers ?? {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(locale ? { 'accept-language': locale } : {}),
      },
      ...(body === undefined ? {} : { json: body }),
    });
  async function ok<T>(...args: Parameters<typeof send>): Promise<T> {
    const res = await send(...args);
    expect(res.status, `${args[0]} ${args[1]}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  async function solvedCaptcha(): Promise<string> {
    const challenge = await json<Challenge>(await t.request('/api/captcha/challenge'));
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  describe('what is recorded', () => {
    it('records logins and failed logins, never a password; an unknown address has no user id', async () => {
      const user = await createUser(t.database.db, { email: uniqueEmail('login') });
      const caller = newCaller();
      const since = Date.now();
      await ok('POST', '/auth/login', {
        caller,
        json: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD, rememberMe: true },
      });
      const wrong = await send('POST', '/auth/login', {
        caller,
        json: { email: user.email, password: 'not the password at all' },
      });
      expect(wrong.status).toBe(400);
      const [login, failed] = await eventsOf(t.database.db, user.id);
      expectEvent(login, {
        type: 'auth.login',
        userId: user.id,
        caller,
        since,
        details: { rememberMe: true },
      });
      expectEvent(failed, {
        type: 'auth.loginFailed',
        userId: user.id,
        caller,
        since,
        details: { email: user.email, reason: 'wrongPassword' },
      });

      const stranger = newCaller();
      const typed = `  Nobody.${Date.now()}@Example.TEST `;
      const unknown = await send('POST', '/auth/login', {
        caller: stranger,
        json: { email: typed, password: 'a secret guess 123' },
      });
      expect(unknown.status).toBe(400);
      const rows = await t.database.db
        .selectFrom('audit_events')
        .selectAll()
        .where('ip', '=', stranger.ip)
        .execute();
      expect(rows).toHaveLength(1);
      expectEvent(rows[0], {
        type: 'auth.loginFailed',
        userId: null,
        caller: stranger,
        since,
        details: { email: typed.trim().toLowerCase(), reason: 'unknownEmail' },
      });

      const all = JSON.stringify(await t.database.db.selectFrom('audit_events').selectAll().execute());
      expect(all).not.toContain(DEFAULT_PASSWORD);
      expect(all).not.toContain('not the password at all');
      expect(all).not.toContain('a secret guess 123');
    });

    it('records a logout, a password change and a password reset', async () => {
      const user = await createSignedInUser(t);
      const caller = newCaller();
      const since = Date.now();
      expect((await send('POST', '/auth/logout', { token: user.token, caller })).status).toBe(204);
      const session = await tokenFor(t.secrets.jwtSecret, user);
      await ok('PUT', '/api/admin/users/update-password', {
        token: session,
        caller,
        json: { currentPassword: DEFAULT_PASSWORD, password: 'a brand new passphrase' },
      });

      const resetter = newCaller();
      await ok('POST', '/auth/forgot', { caller: resetter, json: { email: user.email } });
      const { token: verifyId } = linkIn((await smtp.lastMessageTo(user.email)).text, '/password-reset/');
      await ok('PUT', '/user/password-reset', {
        caller: resetter,
        json: { verifyId, password: 'another fresh passphrase', gRecaptchaResponse: await solvedCaptcha() },
      });

      const [logout, changed, reset, ...rest] = await eventsOf(t.database.db, user.id);
      expectEvent(logout, { type: 'auth.logout', userId: user.id, caller, since });
      expectEvent(changed, { type: 'auth.passwordChanged', userId: user.id, caller, since });
      expectEvent(reset, { type: 'auth.passwordReset', userId: user.id, caller: resetter, since });
      expect(rest).toEqual([]);
    });

    it('records an e-mail change when its link is opened, from where it was opened', async () => {
      const user = await createSignedInUser(t);
      const newEmail = uniqueEmail('moved');
      const asker = newCaller();
      const since = Date.now();
      await ok('PUT', '/api/admin/users/save-profile', {
        token: user.token,
        caller: asker,
        json: {
          name: user.name,
          email: newEmail,
          timezone: user.timezone,
          locale: 'en-GB',
          currentPassword: DEFAULT_PASSWORD,
        },
      });
      // Asked for only: nothing changed yet.
      expect(await eventsOf(t.database.db, user.id)).toEqual([]);
      const { token: confirmHash } = linkIn((await smtp.lastMessageTo(newEmail)).text, '/confirm-email/');
      const opener = newCaller();
      await ok('POST', '/user/confirm-email', { caller: opener, json: { confirmHash } });
      const [changed, ...rest] = await eventsOf(t.database.db, user.id);
      expectEvent(changed, {
        type: 'users.emailChanged',
        userId: user.id,
        caller: opener,
        since,
        details: { from: user.email, to: newEmail },
      });
      expect(rest).toEqual([]);
    });

    it('records API tokens made and revoked, never their text', async () => {
      const user = await createSignedInUser(t);
      const caller = newCaller();
      const since = Date.now();
      const made = await ok<{ id: string; token: string }>('POST', '/api/tokens', {
        token: user.token,
        caller,
        json: { name: 'Scripts', scope: 'read' },
      });
      expect((await send('DELETE', `/api/tokens/${made.id}`, { token: user.token, caller })).status).toBe(
        204,
      );
      const [created, revoked] = await eventsOf(t.database.db, user.id);
      expectEvent(created, {
        type: 'tokens.created',
        userId: user.id,
        caller,
        since,
        details: { tokenId: made.id, name: 'Scripts', scope: 'read' },
      });
      expectEvent(revoked, {
        type: 'tokens.revoked',
        userId: user.id,
        caller,
        since,
        details: { tokenId: made.id, name: 'Scripts' },
      });
      expect(JSON.stringify([created, revoked])).not.toContain(made.token.slice(4));
    });

    it('records a calendar address made, made anew and turned off, never its secret', async () => {
      const user = await createSignedInUser(t);
      const caller = newCaller();
      const since = Date.now();
      const first = await ok<{ url: string }>('POST', '/api/calendar/feed', { token: user.token, caller });
      const second = await ok<{ url: string }>('POST', '/api/calendar/feed', { token: user.token, caller });
      for (let turnOff = 0; turnOff < 2; turnOff++)
        expect(
          (await send('DELETE', '/api/calendar/feed', { token: user.token, caller })).status,
        ).toBeLessThan(300);
      const events = await eventsOf(t.database.db, user.id);
      // Turning off an address that is already off records nothing.
      expect(events.map((event) => event?.type)).toEqual([
        'calendar.created',
        'calendar.regenerated',
        'calendar.revoked',
      ]);
      for (const event of events)
        expectEvent(event, { type: event?.type ?? '', userId: user.id, caller, since });
      const secrets = [first, second].map(({ url }) => url.slice(url.lastIndexOf('/') + 1, -'.ics'.length));
      for (const secret of secrets) expect(JSON.stringify(events)).not.toContain(secret);
    });

    it('records a share, a level change and an unshare, with the item, the other person and the level', async () => {
      const owner = await createSignedInUser(t);
      const other = await createSignedInUser(t);
      const itemId = await insertItemRow(t.database.db, {
        type: 'todoBox',
        parent: owner.root,
        createdBy: owner.id,
      });
      const caller = newCaller();
      const since = Date.now();
      const body = { itemId, userId: other.id };
      await ok('PUT', '/api/items/associate-user', {
        token: owner.token,
        caller,
        json: { ...body, ownershipId: 'readonly' },
      });
      await ok('PUT', '/api/items/update-ownership', {
        token: owner.token,
        caller,
        json: { ...body, ownershipId: 'editor' },
      });
      const removed = await send('DELETE', `/api/items/remove-association?${new URLSearchParams(body)}`, {
        token: owner.token,
        caller,
      });
      expect(removed.status).toBe(200);
      // Undoing the unshare shares again.
      await ok('POST', '/api/undo/undo-action', {
        token: owner.token,
        caller,
        json: { undoId: removed.headers.get('x-undo-id') },
      });
      const [shared, changed, unshared, again, ...rest] = await eventsOf(t.database.db, owner.id);
      expectEvent(shared, {
        type: 'sharing.shared',
        userId: owner.id,
        caller,
        since,
        details: { itemId, userId: other.id, level: 'readonly' },
      });
      expectEvent(changed, {
        type: 'sharing.levelChanged',
        userId: owner.id,
        caller,
        since,
        details: { itemId, userId: other.id, level: 'editor', previousLevel: 'readonly' },
      });
      expectEvent(unshared, {
        type: 'sharing.unshared',
        userId: owner.id,
        caller,
        since,
        details: { itemId, userId: other.id, level: 'editor' },
      });
      expectEvent(again, {
        type: 'sharing.shared',
        userId: owner.id,
        caller,
        since,
        details: { itemId, userId: other.id, level: 'editor', undo: true },
      });
      expect(rest).toEqual([]);
    });

    it('records a Slack link (from the browser coming back from Slack) and an unlink', async () => {
      const user = await createSignedInUser(t);
      const caller = newCaller();
      const since = Date.now();
      const started = await send('POST', '/api/users/slack-connect', { token: user.token, caller });
      const state = new URL(((await started.json()) as { url: string }).url).searchParams.get('state') ?? '';
      const back = await t.request(`/slack/auth?${new URLSearchParams({ code: 'code-UAUDIT', state })}`, {
        redirect: 'manual',
        headers: { ...caller.headers, cookie: `nestbox_slack_state=${state}` },
      });
      expect(back.headers.get('location')).toBe('/app?slack=linked');
      const [account] = await ok<SlackAccount[]>('GET', '/api/users/slack-accounts', { token: user.token });
      const unlinked = await send(
        'DELETE',
        `/api/users/slack-account?slackAccountId=${account?.slackAccountId}`,
        {
          token: user.token,
          caller,
        },
      );
      expect(unlinked.status).toBe(200);
      const [linked, gone, ...rest] = await eventsOf(t.database.db, user.id);
      expectEvent(linked, {
        type: 'slack.linked',
        userId: user.id,
        caller,
        since,
        details: { teamId: 'T0TEAM', slackUserId: 'UAUDIT' },
      });
      expectEvent(gone, {
        type: 'slack.unlinked',
        userId: user.id,
        caller,
        since,
        details: { slackAccountId: account?.slackAccountId ?? '' },
      });
      expect(rest).toEqual([]);
    });

    it('keeps a user agent to 256 characters', async () => {
      const user = await createUser(t.database.db);
      const caller = { ...newCaller() };
      const long = `Mozilla/5.0 ${'x'.repeat(1000)}`;
      await ok('POST', '/auth/login', {
        caller: { ...caller, headers: { ...caller.headers, 'user-agent': long } },
        json: { email: user.email, password: DEFAULT_PASSWORD },
      });
      const [login] = await eventsOf(t.database.db, user.id);
      expect(login?.user_agent).toBe(long.slice(0, 256));
    });
  });

  describe('transactions', () => {
    it('writes no event when the change is refused or its transaction rolls back', async () => {
      const owner = await createSignedInUser(t);
      const other = await createSignedInUser(t);
      const itemId = await insertItemRow(t.database.db, {
        type: 'todoBox',
        parent: owner.root,
        createdBy: owner.id,
      });
      const body = { itemId, userId: other.id, ownershipId: 'editor' };
      await ok('PUT', '/api/items/associate-user', { token: owner.token, json: body });
      // Shared already (409 inside the transaction), and the last owner cannot step down (400).
      expect(
        (await send('PUT', '/api/items/associate-user', { token: owner.token, json: body })).status,
      ).toBe(409);
      const demote = { itemId, userId: owner.id, ownershipId: 'editor' };
      expect(
        (await send('PUT', '/api/items/update-ownership', { token: owner.token, json: demote })).status,
      ).toBe(400);
      expect((await eventsOf(t.database.db, owner.id)).map((row) => row.type)).toEqual(['sharing.shared']);

      const audit = createAuditService({ db: t.database.db, log: t.app.log, now: t.now });
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await audit.write(trx, { type: 'tokens.created', userId: owner.id }, { ip: null, userAgent: null });
          throw new Error('the change fails after its event was written');
        }),
      ).rejects.toThrow('the change fails');
      expect((await eventsOf(t.database.db, owner.id)).map((row) => row.type)).toEqual(['sharing.shared']);
    });
  });

  describe('the log', () => {
    it('logs each event at info with the same fields, once its transaction has committed', async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const audit = createAuditService({ db: t.database.db, log: pino({ level: 'info' }, sink), now: t.now });
      const user = await createUser(t.database.db);
      const caller = { ip: '192.0.2.7', userAgent: 'Mozilla/5.0 Firefox/140.0' };
      await audit.record({ type: 'auth.logout', userId: user.id }, caller);
      const entry = await t.database.db
        .transaction()
        .execute((trx) =>
          audit.write(trx, { type: 'tokens.revoked', userId: user.id, details: { tokenId: 't1' } }, caller),
        );
      expect(lines).toHaveLength(1);
      audit.log(entry);
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; audit: unknown });
      const rows = await eventsOf(t.database.db, user.id);
      expect(logged).toEqual(
        rows.map((row) =>
          expect.objectContaining({
            level: 30,
            msg: `audit: ${row.type}`,
            audit: { ...row, created_at: Number(row.created_at), details: JSON.parse(row.details) },
          }),
        ),
      );
    });
  });

  describe('reading the trail', () => {
    let reader: SignedInUser;
    let neighbour: SignedInUser;
    const audit = () => createAuditService({ db: t.database.db, log: t.app.log, now: t.now });

    beforeAll(async () => {
      reader = await createSignedInUser(t);
      neighbour = await createSignedInUser(t);
      // 60 events of the reader's, some sharing a millisecond; the neighbour's in between.
      let at = 1_700_000_000_000;
      for (let i = 0; i < 60; i++) {
        if (i % 3 !== 0) at += 1;
        const write = createAuditService({ db: t.database.db, log: t.app.log, now: () => at });
        await write.record(
          { type: 'auth.login', userId: reader.id, details: { n: i } },
          { ip: '198.51.100.1', userAgent: 'ua' },
        );
        if (i % 10 === 0)
          await write.record(
            { type: 'auth.login', userId: neighbour.id },
            { ip: '198.51.100.2', userAgent: 'ua' },
          );
      }
    });

    it('lets an admin read every event, newest first, 50 a page, the next page by cursor', async () => {
      await audit().record({ type: 'auth.logout', userId: null }, { ip: null, userAgent: null });
      const first = await ok<AuditPage>('GET', '/api/admin/audit', { token: admin.token });
      expect(first.events).toHaveLength(50);
      expect(first.next).toEqual(expect.any(String));
      const all: AuditPage['events'] = [...first.events];
      let next = first.next;
      while (next) {
        const page = await ok<AuditPage>('GET', `/api/admin/audit?cursor=${encodeURIComponent(next)}`, {
          token: admin.token,
        });
        all.push(...page.events);
        next = page.next;
      }
      const stored = await t.database.db
        .selectFrom('audit_events')
        .select(['id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(all.map((event) => event.id)).toEqual(stored.map((row) => row.id));
    });

    it("filters by user, and pages one user's events without gaps or repeats", async () => {
      const first = await ok<AuditPage>('GET', `/api/admin/audit?userId=${reader.id}`, {
        token: admin.token,
      });
      expect(first.events).toHaveLength(50);
      expect(first.events[0]).toEqual({
        id: expect.any(String),
        type: 'auth.login',
        userId: reader.id,
        ip: '198.51.100.1',
        userAgent: 'ua',
        details: { n: 59 },
        createdAt: expect.any(Number),
      });
      const second = await ok<AuditPage>(
        'GET',
        `/api/admin/audit?userId=${reader.id}&cursor=${encodeURIComponent(first.next ?? '')}`,
        { token: admin.token },
      );
      expect(second.next).toBeNull();
      const ns = [...first.events, ...second.events].map((event) => event.details.n);
      expect(ns).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    });

    it('lets a signed-in user read their own events only, with a session', async () => {
      const mine = await ok<AuditPage>('GET', '/api/users/audit', { token: neighbour.token });
      expect(mine.events.map((event) => event.userId)).toEqual(Array(6).fill(neighbour.id));
      expect(mine.next).toBeNull();
      const first = await ok<AuditPage>('GET', '/api/users/audit', { token: reader.token });
      const second = await ok<AuditPage>(
        'GET',
        `/api/users/audit?cursor=${encodeURIComponent(first.next ?? '')}`,
        {
          token: reader.token,
        },
      );
      expect([...first.events, ...second.events].every((event) => event.userId === reader.id)).toBe(true);
      expect(first.events.length + second.events.length).toBe(60);

      // A personal API token never reads the account's trail.
      const { token: apiToken } = await ok<{ token: string }>('POST', '/api/tokens', {
        token: neighbour.token,
        json: { name: 'reader', scope: 'read' },
      });
      const byToken = await send('GET', '/api/users/audit', { token: apiToken });
      expect(byToken.status).toBe(403);
      expect((await errorOf(byToken)).code).toBe('tokens.notForAccount');
    });

    it("refuses an administrator's read and write tokens on every admin route; their session still works", async () => {
      const adminRoutes: [string, string, unknown?][] = [
        ['GET', '/api/admin/audit'],
        ['POST', '/api/admin/tools/resend', { type: 'base' }],
      ];
      for (const scope of ['read', 'write']) {
        const { token } = await ok<{ token: string }>('POST', '/api/tokens', {
          token: admin.token,
          json: { name: `admin ${scope}`, scope },
        });
        for (const [method, route, body] of adminRoutes) {
          const res = await send(method, route, { token, json: body, locale: 'fr' });
          expect(res.status, `${method} ${route} with a ${scope} token`).toBe(403);
          const error = await errorOf(res);
          expect(error.code).toBe('tokens.notForAccount');
          expect(error.message).toMatch(/jeton/i);
        }
      }
      expect((await send('GET', '/api/admin/audit', { token: admin.token })).status).toBe(200);
    });

    it('refuses the anonymous (401) and non-admins (403), and a malformed cursor or user id (400, translated)', async () => {
      expect((await send('GET', '/api/admin/audit')).status).toBe(401);
      expect((await send('GET', '/api/users/audit')).status).toBe(401);
      const forbidden = await send('GET', '/api/admin/audit?cursor=garbage', { token: reader.token });
      expect(forbidden.status).toBe(403);
      expect((await errorOf(forbidden)).code).toBe('error.forbidden');

      const badCursor = await send('GET', '/api/admin/audit?cursor=garbage', { token: admin.token });
      expect(badCursor.status).toBe(400);
      expect((await errorOf(badCursor)).fields).toEqual({
        cursor: 'This page of events cannot be found: start again from the newest.',
      });
      const badUser = await send('GET', '/api/admin/audit?userId=nobody', {
        token: admin.token,
        locale: 'fr',
      });
      expect(badUser.status).toBe(400);
      expect((await errorOf(badUser)).fields).toEqual({
        userId: 'L’utilisateur doit être désigné par son identifiant.',
      });
      const ownBadCursor = await send('GET', '/api/users/audit?cursor=zz.not-an-id', {
        token: reader.token,
        locale: 'fr',
      });
      expect(ownBadCursor.status).toBe(400);
      expect((await errorOf(ownBadCursor)).fields).toEqual({
        cursor: 'Cette page d’événements est introuvable\u00a0: recommencez depuis les plus récents.',
      });
    });

    it('documents both routes in the OpenAPI document', async () => {
      const doc = await json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
        await t.request('/api/docs/json'),
      );
      expect(doc.paths['/api/admin/audit']?.get?.tags).toEqual(['audit']);
      expect(doc.paths['/api/users/audit']?.get?.tags).toEqual(['audit']);
    });

    it('offers no way to delete an event', async () => {
      for (const method of ['DELETE', 'PUT', 'POST']) {
        expect((await send(method, '/api/admin/audit', { token: admin.token })).status).toBe(404);
        expect((await send(method, '/api/users/audit', { token: reader.token })).status).toBe(404);
      }
    });
  });
});

describe(`audit trail across re-seeds on ${testEngine}`, () => {
  const ADMIN = { email: 'audit.admin@example.test', password: 'admin-password-42' };
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        NESTBOX_ALLOW_RESEED: '1',
        NESTBOX_ADMIN_EMAIL: ADMIN.email,
        NESTBOX_ADMIN_PASSWORD: ADMIN.password,
        NESTBOX_TRUST_PROXY: '1',
      },
    });
    await createUser(t.database.db, { email: ADMIN.email, password: ADMIN.password, isAdmin: true });
  });
  afterAll(() => t.close());

  it('records an HTTP re-seed by its admin and keeps every earlier event, the deleted users’ too', async () => {
    const user = await createUser(t.database.db);
    const caller = newCaller();
    const login = (email: string, password: string) =>
      t.request('/auth/login', { method: 'POST', headers: caller.headers, json: { email, password } });
    expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
    const adminLogin = await login(ADMIN.email, ADMIN.password);
    const { token, user: me } = (await adminLogin.json()) as { token: string; user: { id: string } };
    const since = Date.now();
    const res = await t.request('/api/admin/tools/resend', {
      method: 'POST',
      headers: { ...caller.headers, authorization: `Bearer ${token}` },
      json: { type: 'base' },
    });
    expect(res.status).toBe(200);

    // The user is gone; their login is still on record.
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    expect((await eventsOf(t.database.db, user.id)).map((row) => row.type)).toEqual(['auth.login']);
    const [adminIn, reseed] = await eventsOf(t.database.db, me.id);
    expect(adminIn?.type).toBe('auth.login');
    expectEvent(reseed, {
      type: 'admin.reseed',
      userId: me.id,
      caller,
      since,
      details: { seed: 'base', via: 'http' },
    });
  });

  it('records a re-seed from the command line, with no caller', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-cli-'));
    const database = testEngine === 'postgres' ? await createTestDatabase() : undefined;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NESTBOX_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    if (database?.databaseUrl && database.pgSchema) {
      const url = database.databaseUrl;
      env.DATABASE_URL = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${database.pgSchema}`)}`;
    }
    try {
      const since = Date.now();
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--conditions=source',
          path.resolve(here, '../../cli/admin.ts'),
          'reseed',
          'base',
        ],
        { env },
      );
      expect(stdout).toContain('Re-seeded');
      expect(stderr).toContain('"type":"admin.reseed"');
      const reader = database ?? openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
      try {
        const rows = await reader.db.selectFrom('audit_events').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ type: 'admin.reseed', user_id: null, ip: null, user_agent: null });
        expect(Number(rows[0]?.created_at)).toBeGreaterThanOrEqual(since);
        expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ seed: 'base', via: 'cli' });
      } finally {
        if (!database) await reader.close();
      }
    } finally {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
