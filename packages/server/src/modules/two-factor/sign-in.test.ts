import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { SecondFactorRequired, TwoFactorStatus } from '@nestbox/shared/two-factor/two-factor.schema';
import type { LoginResponse, UpdatePasswordResponse } from '@nestbox/shared/users/user.schema';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, DEFAULT_PASSWORD, type SignedInUser } from '../../test/factories.js';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { testEngine } from '../../test/test-database.js';
import { codeAt, enrolTwoFactor } from '../../test/two-factor.js';
import { signSessionToken } from '../auth/auth.service.js';

const STEP = 30_000;
const MINUTE = 60_000;

describe(`signing in with two-factor codes on ${testEngine}`, () => {
  // Monday 1 March 2027, 09:00 UTC; tests move it on by whole time steps.
  const clock = fixedClock(Date.UTC(2027, 2, 1, 9, 0, 0));
  let t: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Behind a (test) proxy: each call speaks from an address of its own unless told otherwise,
    // so the per-address limits of one test never touch another.
    t = await buildTestApp({
      now: clock,
      env: { SMTP_URL: smtp.url, NESTBOX_APP_URL: 'http://nestbox.test', NESTBOX_TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let address = 0;
  const newAddress = () => `203.0.113.${++address % 250}`;
  const send = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, {
      method,
      headers: { 'x-forwarded-for': newAddress(), ...headers },
      ...(json === undefined ? {} : { json }),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  async function refused(res: Response, status: number, code: string) {
    expect(res.status, await res.clone().text()).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    return body.error;
  }
  const nextStep = () => clock.advance(STEP);

  /** The first step: the password is right, and the answer asks for a code. */
  async function firstStep(user: { email: string }, rememberMe = false, from = newAddress()) {
    const res = await send(
      'POST',
      '/auth/login',
      { email: user.email, password: DEFAULT_PASSWORD, rememberMe },
      { 'x-forwarded-for': from },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as SecondFactorRequired;
    expect(answer).toEqual({ secondFactor: { token: expect.any(String), expiresAt: clock() + 5 * MINUTE } });
    return answer.secondFactor.token;
  }
  const secondStep = (token: string, code: string | undefined, from = newAddress()) =>
    send('POST', '/auth/login/second-factor', { token, code }, { 'x-forwarded-for': from });
  async function signedIn(res: Response) {
    expect(res.status, await res.clone().text()).toBe(200);
    const session = (await res.json()) as LoginResponse;
    expect((await t.request('/api/admin/users/get-user', { headers: bearer(session.token) })).status).toBe(
      200,
    );
    return session;
  }
  async function enrolled() {
    const user = await createSignedInUser(t);
    const enrolment = await enrolTwoFactor(t, user.token);
    nextStep();
    return { ...user, ...enrolment };
  }
  const typesIn = async (user: SignedInUser) =>
    (
      (await (await send('GET', '/api/users/audit', undefined, bearer(user.token))).json()) as AuditPage
    ).events.map((event) => [event.type, event.details] as const);

  it('answers a second step for the right password, then a session for a code from the app', async () => {
    const user = await enrolled();
    // A wrong password is refused as before, with no hint that codes are on.
    await refused(
      await send('POST', '/auth/login', { email: user.email, password: 'not the password' }),
      400,
      'login.failed',
    );
    const token = await firstStep(user, true);
    // The second step's token is no session.
    await refused(
      await t.request('/api/admin/users/get-user', { headers: bearer(token) }),
      401,
      'error.unauthorized',
    );
    const session = await signedIn(await secondStep(token, codeAt(user.secret, clock())));
    expect(session.user.email).toBe(user.email);

    // The token is taken once, whatever the code.
    nextStep();
    await refused(await secondStep(token, codeAt(user.secret, clock())), 400, 'login.secondFactor.expired');
    const [login, used] = await typesIn(user);
    expect(login).toEqual(['auth.login', { rememberMe: true, secondFactor: 'app' }]);
    expect(used).toEqual(['twoFactor.used', { during: 'signIn', method: 'app' }]);
  });

  it('refuses a code replayed within its time step, and takes the next one', async () => {
    const user = await enrolled();
    const code = codeAt(user.secret, clock());
    await signedIn(await secondStep(await firstStep(user), code));
    const again = await firstStep(user);
    expect((await refused(await secondStep(again, code), 400, 'error.validation')).fields).toEqual({
      code: 'This code has been used already. Wait for the next one from your app.',
    });
    // A code of a step already passed (the previous one, still inside the window) is refused too.
    nextStep();
    await signedIn(await secondStep(again, codeAt(user.secret, clock())));
    const third = await firstStep(user);
    await refused(await secondStep(third, codeAt(user.secret, clock() - STEP)), 400, 'error.validation');
    // A code more than a step away is wrong.
    await refused(await secondStep(third, codeAt(user.secret, clock() + 3 * STEP)), 400, 'error.validation');
    expect((await typesIn(user)).filter(([type]) => type === 'twoFactor.failed')).toEqual([
      ['twoFactor.failed', { during: 'signIn', reason: 'wrong' }],
      ['twoFactor.failed', { during: 'signIn', reason: 'used' }],
      ['twoFactor.failed', { during: 'signIn', reason: 'used' }],
    ]);
  });

  it('takes each recovery code once, in any case and spacing, until none is left', async () => {
    const user = await enrolled();
    const status = async () =>
      (await (
        await send('GET', '/api/users/two-factor', undefined, bearer(user.token))
      ).json()) as TwoFactorStatus;
    const [first, ...rest] = user.recoveryCodes;
    await signedIn(await secondStep(await firstStep(user), ` ${first?.toUpperCase().replace('-', ' ')} `));
    expect((await status()).recoveryCodesLeft).toBe(9);
    await refused(await secondStep(await firstStep(user), first), 400, 'error.validation');
    for (const code of rest) await signedIn(await secondStep(await firstStep(user), code));
    expect((await status()).recoveryCodesLeft).toBe(0);
    // With every recovery code spent, only the app's codes sign in.
    const token = await firstStep(user);
    await refused(await secondStep(token, rest[0]), 400, 'error.validation');
    await signedIn(await secondStep(token, codeAt(user.secret, clock())));
    expect((await typesIn(user))[1]).toEqual(['twoFactor.used', { during: 'signIn', method: 'app' }]);
    expect((await typesIn(user)).filter(([type]) => type === 'twoFactor.used')).toHaveLength(11);
  });

  it('locks a sign-in attempt after 5 wrong codes, never the account: another attempt still signs in', async () => {
    const user = await enrolled();
    const from = newAddress();
    const locked = await firstStep(user, false, from);
    for (let wrong = 1; wrong <= 5; wrong++)
      await refused(await secondStep(locked, '000000', from), 400, 'error.validation');
    // Even the right code is refused for that attempt now.
    const lockedOut = await refused(
      await secondStep(locked, codeAt(user.secret, clock()), from),
      429,
      'login.secondFactor.locked',
    );
    expect(lockedOut.message).toBe(
      'Too many wrong codes for this sign-in. Sign in again with your password.',
    );
    // A new attempt, from the same device, signs in with the right code.
    await signedIn(await secondStep(await firstStep(user, false, from), codeAt(user.secret, clock()), from));
    expect((await typesIn(user)).filter(([type]) => type === 'twoFactor.failed')).toHaveLength(5);
  });

  it('lets the second step wait five minutes, no longer', async () => {
    const user = await enrolled();
    const token = await firstStep(user);
    clock.advance(5 * MINUTE + 1000);
    await refused(await secondStep(token, codeAt(user.secret, clock())), 400, 'login.secondFactor.expired');
    const fresh = await firstStep(user);
    clock.advance(5 * MINUTE - STEP);
    await signedIn(await secondStep(fresh, codeAt(user.secret, clock())));
  });

  it('refuses forged, garbled and session tokens as a second step', async () => {
    const user = await enrolled();
    const session = await signSessionToken(
      t.secrets.jwtSecret,
      { userId: user.id, tokenVersion: user.token_version, rememberMe: false },
      clock(),
    );
    for (const token of ['garbage', session, `${await firstStep(user)}x`])
      await refused(await secondStep(token, codeAt(user.secret, clock())), 400, 'login.secondFactor.expired');
    await refused(await secondStep('', '123456'), 400, 'error.validation');
    await refused(await secondStep(await firstStep(user), undefined), 400, 'error.validation');
  });

  it('keeps the login limits: a stranger guessing passwords elsewhere never locks the owner out', async () => {
    const user = await enrolled();
    const stranger = newAddress();
    for (let i = 0; i < 10; i++)
      await refused(
        await send(
          'POST',
          '/auth/login',
          { email: user.email, password: `guess ${i}` },
          { 'x-forwarded-for': stranger },
        ),
        400,
        'login.failed',
      );
    await refused(
      await send(
        'POST',
        '/auth/login',
        { email: user.email, password: DEFAULT_PASSWORD },
        { 'x-forwarded-for': stranger },
      ),
      429,
      'error.rateLimited',
    );
    await signedIn(await secondStep(await firstStep(user), codeAt(user.secret, clock())));
  });

  it('voids a waiting second step and ends the sessions when the password changes', async () => {
    const user = await enrolled();
    const waiting = await firstStep(user);
    const other = await signedIn(await secondStep(await firstStep(user), codeAt(user.secret, clock())));
    nextStep();
    const changed = await send(
      'PUT',
      '/api/admin/users/update-password',
      { currentPassword: DEFAULT_PASSWORD, password: 'a brand new passphrase' },
      bearer(user.token),
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const { token: kept } = (await changed.json()) as UpdatePasswordResponse;
    await refused(
      await t.request('/api/admin/users/get-user', { headers: bearer(other.token) }),
      401,
      'error.unauthorized',
    );
    expect((await t.request('/api/admin/users/get-user', { headers: bearer(kept) })).status).toBe(200);
    await refused(await secondStep(waiting, codeAt(user.secret, clock())), 400, 'login.secondFactor.expired');
    // The codes stay on: the new password also asks for one.
    const res = await send('POST', '/auth/login', { email: user.email, password: 'a brand new passphrase' });
    expect(await res.json()).toHaveProperty('secondFactor');
  });

  describe('resetting a forgotten password', () => {
    async function solvedCaptcha(): Promise<string> {
      const challenge = (await (await t.request('/api/captcha/challenge')).json()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
    async function resetLink(email: string) {
      expect((await send('POST', '/auth/forgot', { email })).status).toBe(200);
      return linkIn((await smtp.lastMessageTo(email)).text, '/password-reset/').token;
    }
    const reset = (verifyId: string, body: Record<string, unknown>) =>
      send('PUT', '/user/password-reset', { verifyId, password: 'a fresh passphrase', ...body });

    it('asks for a code too when codes are on, before the captcha is used up', async () => {
      const user = await enrolled();
      const verifyId = await resetLink(user.email);
      expect(await (await send('POST', '/user/password-reset-check', { verifyId })).json()).toEqual({
        valid: true,
        secondFactor: true,
      });
      const captcha = await solvedCaptcha();
      const without = await reset(verifyId, { gRecaptchaResponse: captcha });
      expect((await refused(without, 400, 'error.validation')).fields).toEqual({
        code: 'Enter the six-digit code from your app, or a recovery code.',
      });
      const wrong = await reset(verifyId, { gRecaptchaResponse: captcha, code: '000000' });
      expect((await refused(wrong, 400, 'error.validation')).fields).toEqual({
        code: 'This code is not right. Check that your phone shows the right time, or use a recovery code.',
      });
      // The captcha's answer was not spent on those: it serves the reset with the right code.
      expect(
        (await reset(verifyId, { gRecaptchaResponse: captcha, code: codeAt(user.secret, clock()) })).status,
      ).toBe(200);
      await refused(
        await t.request('/api/admin/users/get-user', { headers: bearer(user.token) }),
        401,
        'error.unauthorized',
      );
      // The reset took the code: it cannot sign in now.
      await refused(
        await secondStep(
          await (async () => {
            const res = await send('POST', '/auth/login', {
              email: user.email,
              password: 'a fresh passphrase',
            });
            return ((await res.json()) as SecondFactorRequired).secondFactor.token;
          })(),
          codeAt(user.secret, clock()),
        ),
        400,
        'error.validation',
      );
      const trail = await t.database.db
        .selectFrom('audit_events')
        .select(['type', 'details'])
        .where('user_id', '=', user.id)
        .where('type', 'in', ['twoFactor.used', 'twoFactor.failed', 'auth.passwordReset'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(trail.map((row) => [row.type, JSON.parse(row.details)])).toEqual([
        ['twoFactor.failed', { during: 'passwordReset', reason: 'wrong' }],
        ['twoFactor.used', { during: 'passwordReset', method: 'app' }],
        ['auth.passwordReset', {}],
        ['twoFactor.failed', { during: 'signIn', reason: 'used' }],
      ]);
    });

    it('takes a recovery code, and locks the link for 15 minutes after 5 wrong codes', async () => {
      const user = await enrolled();
      const verifyId = await resetLink(user.email);
      for (let wrong = 1; wrong <= 5; wrong++)
        await refused(await reset(verifyId, { code: 'aaaaa-aaaaa' }), 400, 'error.validation');
      await refused(await reset(verifyId, { code: user.recoveryCodes[0] }), 429, 'reset.secondFactor.locked');
      // Another link (another attempt) takes the recovery code.
      const next = await resetLink(user.email);
      const done = await reset(next, {
        gRecaptchaResponse: await solvedCaptcha(),
        code: user.recoveryCodes[0],
      });
      expect(done.status, await done.clone().text()).toBe(200);
    });

    it('asks for nothing more when codes are off', async () => {
      const user = await createSignedInUser(t);
      const verifyId = await resetLink(user.email);
      expect(await (await send('POST', '/user/password-reset-check', { verifyId })).json()).toEqual({
        valid: true,
        secondFactor: false,
      });
      expect((await reset(verifyId, { gRecaptchaResponse: await solvedCaptcha() })).status).toBe(200);
    });
  });
});
