import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { LoginResponse, User } from '@nestbox/shared/users/user.schema';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { testEngine } from '../../test/test-database.js';

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await json<ErrorBody>(res)).error;

describe(`accounts on ${testEngine}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, NESTBOX_APP_URL: 'http://nestbox.test' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', json: body, headers });
  const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'PUT', json: body, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function login(email: string, password = DEFAULT_PASSWORD, rememberMe = false) {
    const res = await post('/auth/login', { email, password, rememberMe });
    expect(res.status).toBe(200);
    return json<LoginResponse>(res);
  }

  /** Solves a real ALTCHA challenge from the server, as the browser widget does. */
  async function solvedCaptcha(): Promise<string> {
    const challenge = await json<Challenge>(await t.request('/api/captcha/challenge'));
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  describe('sign-up and activation', () => {
    it('creates an inactive account, e-mails an activation link, and activates once', async () => {
      const email = uniqueEmail('signup');
      const res = await post('/auth/signup', {
        name: 'Ada',
        email,
        password: 'a long passphrase',
        timezone: 'Europe/Paris',
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual({ message: 'To activate your account, please check your email.' });

      const mail = await smtp.lastMessageTo(email);
      expect(mail.subject).toBe('Activate your Nestbox account');
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      const { url, token } = linkIn(mail.text, '/activate-account/');
      expect(url).toBe(`http://nestbox.test/activate-account/${token}`);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

      const row = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.activated_at).toBeNull();
      expect(row.timezone).toBe('Europe/Paris');
      const stored = await t.database.db.selectFrom('account_tokens').select('token_hash').execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(token);
      const root = await t.database.db
        .selectFrom('items')
        .select(['title', 'is_root_box'])
        .where('created_by', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(root).toEqual({ title: 'Workspace', is_root_box: 1 });

      const before = await post('/auth/login', { email, password: 'a long passphrase' });
      expect(before.status).toBe(403);
      expect(await errorOf(before)).toMatchObject({
        code: 'activation.required',
        message: 'This account requires activating.',
      });

      const activated = await post('/user/activate', { confirmHash: token });
      expect(activated.status).toBe(200);
      expect(await json(activated)).toEqual({ message: 'Your account has been activated.' });
      // A second click on the link: the account is active already, and says so.
      const again = await post('/user/activate', { confirmHash: token });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe('This account is already activated. You can log in.');

      const session = await login(email, 'a long passphrase');
      expect(session.user).toMatchObject({ email, name: 'Ada', timezone: 'Europe/Paris', isAdmin: false });
    });

    it('refuses an unknown link, and an expired one with 410, which can be re-sent', async () => {
      expect((await errorOf(await post('/user/activate', { confirmHash: 'nope' }))).code).toBe(
        'activation.invalid',
      );

      const email = uniqueEmail('expired');
      await post('/auth/signup', { name: 'Bo', email, password: 'a long passphrase' });
      const { token } = linkIn((await smtp.lastMessageTo(email)).text, '/activate-account/');
      await t.database.db
        .updateTable('account_tokens')
        .set({ expires_at: Date.now() - 1 })
        .execute();
      const expired = await post('/user/activate', { confirmHash: token });
      expect(expired.status).toBe(410);
      expect((await errorOf(expired)).message).toBe('This activation link has expired.');

      const count = smtp.countTo(email);
      const resent = await post('/user/resend-activation-link', { confirmHash: token });
      expect(resent.status).toBe(200);
      const fresh = linkIn((await smtp.lastMessageTo(email, count)).text, '/activate-account/').token;
      expect(fresh).not.toBe(token);
      expect((await post('/user/activate', { confirmHash: fresh })).status).toBe(200);
      const already = await post('/user/resend-activation-link', { email });
      expect(already.status).toBe(409);
    });

    it('says which fields are wrong, in the SPEC words, and changes nothing', async () => {
      const res = await post('/auth/signup', { name: ' ', email: 'nope', password: 'short' });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({
        name: 'Please provide your name.',
        email: 'Enter a valid email address.',
        password: 'Password must have at least 8 characters.',
      });
      const common = await post('/auth/signup', { name: 'C', email: uniqueEmail(), password: 'Password123' });
      expect((await errorOf(common)).fields?.password).toBe(
        'This password is too common and easy to guess. Please choose another.',
      );
      const zone = await post('/auth/signup', {
        name: 'C',
        email: uniqueEmail(),
        password: 'a long passphrase',
        timezone: 'Mars/Base',
      });
      expect((await errorOf(zone)).fields?.timezone).toBe('Select a timezone from the list.');
      const long = await post('/auth/signup', {
        name: 'L',
        email: uniqueEmail(),
        password: Array.from({ length: 128 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join(''),
        timezone: 'UTC',
      });
      expect(long.status).toBe(201);
    });

    it('refuses an e-mail address already in use, whatever its case', async () => {
      const existing = await createUser(t.database.db);
      const res = await post('/auth/signup', {
        name: 'Dup',
        email: existing.email.toUpperCase(),
        password: 'a long passphrase',
      });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).fields).toEqual({ email: 'This email address is already in use.' });
    });

    it('writes the activation e-mail in French for a French sign-up', async () => {
      const email = uniqueEmail('fr');
      const res = await post(
        '/auth/signup',
        { name: 'Élodie', email, password: 'une longue phrase' },
        { 'accept-language': 'fr-FR' },
      );
      expect(await json(res)).toEqual({
        message: 'Pour activer votre compte, veuillez consulter vos e-mails.',
      });
      const mail = await smtp.lastMessageTo(email);
      expect(mail.subject).toBe('Activez votre compte Nestbox');
      expect(mail.text).toContain('Bonjour Élodie,');
      // French sets a no-break space before a colon, in the plain text too.
      expect(mail.text).toMatch(/^Activer mon compte\u00a0: http/m);
    });
  });

  describe('login and sessions', () => {
    it('answers a wrong password and an unknown e-mail alike', async () => {
      const user = await createUser(t.database.db);
      const wrong = await post('/auth/login', { email: user.email, password: 'not the password' });
      const unknown = await post('/auth/login', {
        email: uniqueEmail('ghost'),
        password: 'not the password',
      });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(await errorOf(wrong)).toEqual(await errorOf(unknown));
      expect((await errorOf(await post('/auth/login', { email: user.email, password: 'x' }))).message).toBe(
        'We could not find an account with these credentials.',
      );
      const missing = await post('/auth/login', { email: '', password: '' });
      expect((await errorOf(missing)).fields).toEqual({
        email: 'Please provide your email address.',
        password: 'Please provide your password.',
      });
    });

    it('issues 24-hour tokens, or 30-day ones with remember me', async () => {
      const user = await createUser(t.database.db);
      const short = decodeJwt((await login(user.email)).token);
      const long = decodeJwt((await login(user.email, DEFAULT_PASSWORD, true)).token);
      expect((short.exp ?? 0) - (short.iat ?? 0)).toBe(24 * 3600);
      expect((long.exp ?? 0) - (long.iat ?? 0)).toBe(30 * 24 * 3600);
    });

    it('lets a valid token in and keeps every other out with 401', async () => {
      const user = await createUser(t.database.db, { name: 'Grace' });
      const { token } = await login(user.email);
      const me = await t.request('/api/admin/users/get-user', { headers: bearer(token) });
      expect(me.status).toBe(200);
      expect(await json<User>(me)).toMatchObject({
        id: user.id,
        name: 'Grace',
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });

      const forged = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
      const [header, payload] = token.split('.');
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const expired = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(1)
        .setExpirationTime(2)
        .sign(new TextEncoder().encode(t.secrets.jwtSecret));
      for (const headers of [
        {},
        bearer('garbage'),
        bearer(forged),
        bearer(unsigned),
        bearer(expired),
        { authorization: `Basic ${header}` },
      ]) {
        const res = await t.request('/api/admin/users/get-user', { headers });
        expect(res.status).toBe(401);
        expect((await errorOf(res)).code).toBe('error.unauthorized');
      }
    });

    it('limits login attempts per account with 429 and Retry-After', async () => {
      const user = await createUser(t.database.db);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 11; i++) {
        last = await post('/auth/login', { email: user.email, password: 'wrong password' });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await errorOf(last as Response)).message).toBe(
        'Too many attempts. Please wait a moment and try again.',
      );
      // Even the right password waits for the window to end.
      expect((await post('/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(429);
    });
  });

  describe('re-sending the activation link', () => {
    it('says so when the link or the address is unknown', async () => {
      const byHash = await post('/user/resend-activation-link', { confirmHash: 'no-such-link' });
      expect(byHash.status).toBe(404);
      expect((await errorOf(byHash)).message).toBe(
        'There was a problem trying to re-send the activation link.',
      );
      const byEmail = await post('/user/resend-activation-link', { email: uniqueEmail('nobody') });
      expect((await errorOf(byEmail)).message).toBe('An account with this email address could not be found.');
      const neither = await post('/user/resend-activation-link', {});
      expect((await errorOf(neither)).fields).toEqual({ email: 'Please provide your email address.' });
    });

    it('limits re-sends per account', async () => {
      const user = await createUser(t.database.db, { activated: false });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post('/user/resend-activation-link', { email: user.email })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(smtp.countTo(user.email)).toBe(5);
    });
  });

  describe('forgotten password and reset', () => {
    it('resets through the e-mailed link with a solved captcha, and revokes old tokens', async () => {
      const user = await createUser(t.database.db);
      const { token: oldToken } = await login(user.email);

      const forgot = await post('/auth/forgot', { email: user.email });
      expect(await json(forgot)).toEqual({
        message: 'Password reset details have been sent to your email address.',
      });
      const mail = await smtp.lastMessageTo(user.email);
      expect(mail.subject).toBe('Reset your Nestbox password');
      const { token: verifyId } = linkIn(mail.text, '/password-reset/');

      expect(await json(await post('/user/password-reset-check', { verifyId }))).toEqual({
        valid: true,
        secondFactor: false,
      });

      const noCaptcha = await put('/user/password-reset', {
        verifyId,
        password: 'brand new secret',
        gRecaptchaResponse: '',
      });
      expect(noCaptcha.status).toBe(400);
      expect((await errorOf(noCaptcha)).code).toBe('captcha.failed');
      const badCaptcha = await put('/user/password-reset', {
        verifyId,
        password: 'brand new secret',
        gRecaptchaResponse: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
      });
      expect((await errorOf(badCaptcha)).code).toBe('captcha.failed');

      const captcha = await solvedCaptcha();
      const reset = await put('/user/password-reset', {
        verifyId,
        password: 'brand new secret',
        gRecaptchaResponse: captcha,
      });
      expect(reset.status).toBe(200);
      expect(await json(reset)).toEqual({ message: 'Your password has been reset.' });

      expect((await t.request('/api/admin/users/get-user', { headers: bearer(oldToken) })).status).toBe(401);
      expect((await post('/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(400);
      await login(user.email, 'brand new secret');

      const reused = await put('/user/password-reset', {
        verifyId,
        password: 'another new secret',
        gRecaptchaResponse: captcha,
      });
      expect(reused.status).toBe(400);
      expect((await errorOf(reused)).message).toBe('This password reset link is not valid.');
      expect((await errorOf(await post('/user/password-reset-check', { verifyId }))).code).toBe(
        'reset.invalid',
      );
    });

    it('refuses a common password without using up the captcha answer', async () => {
      const user = await createUser(t.database.db);
      await post('/auth/forgot', { email: user.email });
      const { token: verifyId } = linkIn((await smtp.lastMessageTo(user.email)).text, '/password-reset/');
      const captcha = await solvedCaptcha();
      const common = await put('/user/password-reset', {
        verifyId,
        password: 'password123',
        gRecaptchaResponse: captcha,
      });
      expect((await errorOf(common)).fields).toEqual({
        password: 'This password is too common and easy to guess. Please choose another.',
      });
      const good = await put('/user/password-reset', {
        verifyId,
        password: 'a better secret',
        gRecaptchaResponse: captcha,
      });
      expect(good.status).toBe(200);
    });

    it('refuses a reused captcha answer', async () => {
      const user = await createUser(t.database.db);
      const captcha = await solvedCaptcha();
      for (const [round, expected] of [
        [1, 200],
        [2, 400],
      ] as const) {
        await post('/auth/forgot', { email: user.email });
        const { token: verifyId } = linkIn(
          (await smtp.lastMessageTo(user.email, round - 1)).text,
          '/password-reset/',
        );
        const res = await put('/user/password-reset', {
          verifyId,
          password: `new secret ${round}x`,
          gRecaptchaResponse: captcha,
        });
        expect(res.status).toBe(expected);
      }
    });

    it('limits reset e-mails per account', async () => {
      const user = await createUser(t.database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post('/auth/forgot', { email: user.email })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('says when the address is unknown, and when a link has expired', async () => {
      const unknown = await post('/auth/forgot', { email: uniqueEmail('nobody') });
      expect(unknown.status).toBe(404);
      expect((await errorOf(unknown)).message).toBe('An account with this email address could not be found.');

      const user = await createUser(t.database.db);
      await post('/auth/forgot', { email: user.email });
      const { token: verifyId } = linkIn((await smtp.lastMessageTo(user.email)).text, '/password-reset/');
      await t.database.db
        .updateTable('account_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      const expired = await post('/user/password-reset-check', { verifyId });
      expect(expired.status).toBe(410);
      expect((await errorOf(expired)).message).toBe('This password reset link has expired.');
    });
  });

  describe('profile', () => {
    it('saves the profile and refuses a taken or malformed address', async () => {
      const user = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      const { token } = await login(user.email);
      const body = {
        name: 'New Name',
        email: user.email,
        timezone: 'America/New_York',
        locale: 'fr',
        location: 'Lyon',
        occupation: 'Chef',
      };
      const saved = await put('/api/admin/users/save-profile', body, bearer(token));
      expect(saved.status).toBe(200);
      expect(await json(saved)).toMatchObject({
        message: 'Votre profil a été enregistré',
        user: {
          name: 'New Name',
          timezone: 'America/New_York',
          locale: 'fr',
          location: 'Lyon',
          occupation: 'Chef',
        },
      });

      const taken = await put(
        '/api/admin/users/save-profile',
        { ...body, email: other.email, currentPassword: DEFAULT_PASSWORD },
        bearer(token),
      );
      expect(taken.status).toBe(409);
      const bad = await put(
        '/api/admin/users/save-profile',
        { ...body, name: '', email: 'x@' },
        bearer(token),
      );
      expect((await errorOf(bad)).fields).toEqual({
        name: 'Enter your name.',
        email: 'Invalid email address format.',
      });
      expect((await put('/api/admin/users/save-profile', body, {})).status).toBe(401);
    });

    it('changes the password only with the current one, ending other sessions', async () => {
      const user = await createUser(t.database.db);
      const { token } = await login(user.email);
      const wrong = await put(
        '/api/admin/users/update-password',
        { currentPassword: 'nope nope', password: 'fresh secret 1' },
        bearer(token),
      );
      expect((await errorOf(wrong)).fields).toEqual({
        currentPassword: 'Your current password is not correct.',
      });
      const short = await put(
        '/api/admin/users/update-password',
        { currentPassword: DEFAULT_PASSWORD, password: 'short' },
        bearer(token),
      );
      expect((await errorOf(short)).fields).toEqual({
        password: 'Your password must be at least 8 characters in length.',
      });

      const changed = await put(
        '/api/admin/users/update-password',
        { currentPassword: DEFAULT_PASSWORD, password: 'fresh secret 1' },
        bearer(token),
      );
      expect(changed.status).toBe(200);
      const { token: newToken } = await json<{ token: string }>(changed);
      expect((await t.request('/api/admin/users/get-user', { headers: bearer(token) })).status).toBe(401);
      expect((await t.request('/api/admin/users/get-user', { headers: bearer(newToken) })).status).toBe(200);
    });

    it('keeps the session length of the token it renews', async () => {
      for (const [rememberMe, hours] of [
        [false, 24],
        [true, 30 * 24],
      ] as const) {
        const user = await createUser(t.database.db);
        const { token } = await login(user.email, DEFAULT_PASSWORD, rememberMe);
        const res = await put(
          '/api/admin/users/update-password',
          { currentPassword: DEFAULT_PASSWORD, password: `renewed secret ${hours}` },
          bearer(token),
        );
        const renewed = decodeJwt((await json<{ token: string }>(res)).token);
        expect((renewed.exp ?? 0) - (renewed.iat ?? 0)).toBe(hours * 3600);
      }
    });

    it('switches the language', async () => {
      const user = await createUser(t.database.db);
      const { token } = await login(user.email);
      const res = await put('/api/admin/users/update-language', { locale: 'fr' }, bearer(token));
      expect(await json(res)).toEqual({ message: 'Informations enregistrées avec succès.' });
      const me = await json<User>(await t.request('/api/admin/users/get-user', { headers: bearer(token) }));
      expect(me.locale).toBe('fr');
      expect((await put('/api/admin/users/update-language', { locale: 'de' }, bearer(token))).status).toBe(
        400,
      );
    });
  });

  it('does not mount the end-to-end helpers outside NESTBOX_E2E', async () => {
    const res = await post('/e2e/user/activate', { email: 'a@b.co' });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('error.notFound.route');
  });
});

describe('end-to-end helpers with NESTBOX_E2E=1', () => {
  it('activate, issue reset links and remove users', async () => {
    const t = await buildTestApp({ env: { NESTBOX_E2E: '1' } });
    try {
      const user = await createUser(t.database.db, { activated: false });
      expect(
        (await t.request('/e2e/user/activate', { method: 'POST', json: { email: user.email } })).status,
      ).toBe(200);
      expect(
        (
          await t.request('/auth/login', {
            method: 'POST',
            json: { email: user.email, password: DEFAULT_PASSWORD },
          })
        ).status,
      ).toBe(200);

      const link = await t.request('/e2e/user/password-reset', {
        method: 'POST',
        json: { email: user.email, expired: true },
      });
      const { verifyId } = (await link.json()) as { verifyId: string };
      expect(
        (await t.request('/user/password-reset-check', { method: 'POST', json: { verifyId } })).status,
      ).toBe(410);

      const removed = await t.request('/e2e/user/remove', { method: 'POST', json: { email: user.email } });
      expect(await removed.json()).toEqual({ removed: true });
      const rows = await t.database.db
        .selectFrom('items')
        .select('id')
        .where('created_by', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('caller addresses for rate limits', () => {
  const forgotFrom = (t: TestApp, i: number) =>
    t.request('/auth/forgot', {
      method: 'POST',
      json: { email: uniqueEmail(`spoof${i}`) },
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });

  it('ignores X-Forwarded-For unless told it runs behind a proxy', async () => {
    const t = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await forgotFrom(t, i)).status);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts each forwarded address on its own behind a proxy', async () => {
    const t = await buildTestApp({ env: { NESTBOX_TRUST_PROXY: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await forgotFrom(t, i)).status);
      expect(new Set(statuses)).toEqual(new Set([404]));
    } finally {
      await t.close();
    }
  });
});
