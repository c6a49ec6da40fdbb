import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { LoginResponse, User } from '@nestbox/shared/users/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { testEngine } from '../../test/test-database.js';

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await json<ErrorBody>(res)).error;

describe(`account security on ${testEngine}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let address = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Behind a (test) proxy: each test speaks from caller addresses of its own.
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, NESTBOX_APP_URL: 'http://nestbox.test', NESTBOX_TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A fresh caller address (X-Forwarded-For), so rate limits of one test never touch another. */
  const newAddress = () => `198.51.100.${++address}`;
  const call = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method, json: body, headers: { 'x-forwarded-for': '192.0.2.1', ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function login(email: string, password = DEFAULT_PASSWORD, from = newAddress()) {
    const res = await call('POST', '/auth/login', { email, password }, { 'x-forwarded-for': from });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<LoginResponse>(res);
  }
  const getUser = async (token: string) =>
    json<User>(await t.request('/api/admin/users/get-user', { headers: bearer(token) }));
  const profileOf = (user: User) => ({
    name: user.name,
    email: user.email,
    timezone: user.timezone,
    locale: user.locale,
  });

  describe('changing the e-mail address', () => {
    it('needs the current password, waits for the link sent to the new address, and tells the old one', async () => {
      const user = await createUser(t.database.db, { name: 'Noor' });
      const { token, user: me } = await login(user.email);
      const newEmail = uniqueEmail('moved');

      const withoutPassword = await call(
        'PUT',
        '/api/admin/users/save-profile',
        { ...profileOf(me), email: newEmail },
        bearer(token),
      );
      expect(withoutPassword.status).toBe(400);
      expect((await errorOf(withoutPassword)).fields).toEqual({
        currentPassword: 'Enter your current password to change your email address.',
      });
      const wrongPassword = await call(
        'PUT',
        '/api/admin/users/save-profile',
        { ...profileOf(me), email: newEmail, currentPassword: 'not my password' },
        bearer(token),
      );
      expect((await errorOf(wrongPassword)).fields).toEqual({
        currentPassword: 'Your current password is not correct.',
      });
      expect(smtp.countTo(newEmail)).toBe(0);

      const saved = await call(
        'PUT',
        '/api/admin/users/save-profile',
        { ...profileOf(me), name: 'Noor B', email: newEmail, currentPassword: DEFAULT_PASSWORD },
        bearer(token),
      );
      expect(saved.status).toBe(200);
      expect(await json(saved)).toMatchObject({
        message: `Your profile has been saved. To change your email address, open the link we sent to ${newEmail}.`,
        user: { name: 'Noor B', email: user.email, pendingEmail: newEmail },
      });
      expect(await getUser(token)).toMatchObject({ email: user.email, pendingEmail: newEmail });

      const notice = await smtp.lastMessageTo(user.email);
      expect(notice.subject).toBe('Your Nestbox email address is being changed');
      expect(notice.text).toContain(newEmail);
      expect(notice.text).toContain('http://nestbox.test/forgot');
      const confirmation = await smtp.lastMessageTo(newEmail);
      expect(confirmation.subject).toBe('Confirm your new Nestbox email address');
      const { url, token: confirmHash } = linkIn(confirmation.text, '/confirm-email/');
      expect(url).toBe(`http://nestbox.test/confirm-email/${confirmHash}`);

      // Until the link is opened, the old address logs in and the new one does not.
      expect(
        (await call('POST', '/auth/login', { email: newEmail, password: DEFAULT_PASSWORD })).status,
      ).toBe(400);
      const confirmed = await call('POST', '/user/confirm-email', { confirmHash });
      expect(confirmed.status).toBe(200);
      expect(await json(confirmed)).toEqual({ message: 'Your email address has been changed.' });
      expect(await getUser(token)).toMatchObject({ email: newEmail, pendingEmail: null });
      await login(newEmail);
      const again = await call('POST', '/user/confirm-email', { confirmHash });
      expect(again.status).toBe(400);
      expect((await errorOf(again)).message).toBe('This email confirmation link is not valid.');
    });

    it('lets nobody squat an unregistered address: its owner signs up and resets as usual', async () => {
      const squatter = await createUser(t.database.db);
      const { token, user: me } = await login(squatter.email);
      const victim = uniqueEmail('victim');
      const asked = await call(
        'PUT',
        '/api/admin/users/save-profile',
        { ...profileOf(me), email: victim, currentPassword: DEFAULT_PASSWORD },
        bearer(token),
      );
      expect(asked.status).toBe(200);
      const { token: confirmHash } = linkIn((await smtp.lastMessageTo(victim)).text, '/confirm-email/');

      // The address still belongs to nobody: no reset mail about the squatter's account.
      expect((await call('POST', '/auth/forgot', { email: victim })).status).toBe(404);
      const signup = await call('POST', '/auth/signup', {
        name: 'Victim',
        email: victim,
        password: 'a long passphrase',
      });
      expect(signup.status).toBe(201);
      // The squatter's link (had they got it) can no longer take the address.
      const late = await call('POST', '/user/confirm-email', { confirmHash });
      expect(late.status).toBe(409);
      expect((await getUser(token)).email).toBe(squatter.email);
    });

    it('says when a link has expired, and a password change drops the pending address', async () => {
      const user = await createUser(t.database.db);
      const { token, user: me } = await login(user.email);
      const ask = async (email: string) => {
        const res = await call(
          'PUT',
          '/api/admin/users/save-profile',
          { ...profileOf(me), email, currentPassword: DEFAULT_PASSWORD },
          bearer(token),
        );
        expect(res.status).toBe(200);
        return linkIn((await smtp.lastMessageTo(email)).text, '/confirm-email/').token;
      };
      const first = await ask(uniqueEmail('later'));
      await t.database.db
        .updateTable('account_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .where('purpose', '=', 'email_change')
        .execute();
      const expired = await call('POST', '/user/confirm-email', { confirmHash: first });
      expect(expired.status).toBe(410);
      expect((await errorOf(expired)).message).toBe('This email confirmation link has expired.');

      const second = await ask(uniqueEmail('hijack'));
      const changed = await call(
        'PUT',
        '/api/admin/users/update-password',
        { currentPassword: DEFAULT_PASSWORD, password: 'another fine secret' },
        bearer(token),
      );
      const { token: renewed } = await json<{ token: string }>(changed);
      expect((await getUser(renewed)).pendingEmail).toBeNull();
      expect((await call('POST', '/user/confirm-email', { confirmHash: second })).status).toBe(400);
    });
  });

  describe('login lockout', () => {
    it('counts wrong passwords per caller address: the rightful user still logs in from elsewhere', async () => {
      const user = await createUser(t.database.db);
      const attacker = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await call(
          'POST',
          '/auth/login',
          { email: user.email, password: `wrong guess ${i}` },
          { 'x-forwarded-for': attacker },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // The owner, from their own address, is not locked out.
      await login(user.email, DEFAULT_PASSWORD, newAddress());
    });
  });

  describe('changing the password', () => {
    it('answers 429 after 10 wrong current passwords in 15 minutes, even to the right one', async () => {
      const user = await createUser(t.database.db);
      const { token } = await login(user.email);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await call(
          'PUT',
          '/api/admin/users/update-password',
          { currentPassword: `guess number ${i}`, password: 'a fresh secret' },
          { ...bearer(token), 'x-forwarded-for': newAddress() },
        );
        statuses.push(res.status);
      }
      expect(new Set(statuses)).toEqual(new Set([400]));
      const blocked = await call(
        'PUT',
        '/api/admin/users/update-password',
        { currentPassword: DEFAULT_PASSWORD, password: 'a fresh secret' },
        { ...bearer(token), 'x-forwarded-for': newAddress() },
      );
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await getUser(token)).id).toBe(user.id);
    });

    it('refuses whitespace-only, repetitive and breached passwords everywhere', async () => {
      const user = await createUser(t.database.db);
      const { token } = await login(user.email);
      const weak =
        'This password is too easy to guess: it cannot be only spaces or a few characters repeated.';
      const common = 'This password is too common and easy to guess. Please choose another.';
      for (const [password, message] of [
        ['          ', weak],
        ['aaaaaaaaaa', weak],
        ['abcabcabcabc', weak],
        ['12121212', weak],
        ['steelers', common],
        ['P455w0rd', common],
      ] as const) {
        const change = await call(
          'PUT',
          '/api/admin/users/update-password',
          { currentPassword: DEFAULT_PASSWORD, password },
          bearer(token),
        );
        expect((await errorOf(change)).fields, password).toEqual({ password: message });
        const signup = await call('POST', '/auth/signup', {
          name: 'W',
          email: uniqueEmail('weak'),
          password,
        });
        expect((await errorOf(signup)).fields, password).toEqual({ password: message });
      }
      expect((await getUser(token)).id).toBe(user.id);
    });
  });

  describe('authenticated answers', () => {
    it('may not be stored by browsers or proxies', async () => {
      const user = await createUser(t.database.db);
      const session = await call('POST', '/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
      expect(session.headers.get('cache-control')).toBe('no-store');
      const { token } = await json<LoginResponse>(session);
      const me = await t.request('/api/admin/users/get-user', { headers: bearer(token) });
      expect(me.headers.get('cache-control')).toBe('no-store');
      const items = await t.request('/api/items/get-organizer', { headers: bearer(token) });
      expect(items.status).toBe(200);
      expect(items.headers.get('cache-control')).toBe('no-store');
    });
  });
});
