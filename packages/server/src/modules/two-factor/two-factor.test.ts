import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import type {
  AdminUsersPage,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@nestbox/shared/two-factor/two-factor.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, DEFAULT_PASSWORD, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { codeAt, enrolTwoFactor } from '../../test/two-factor.js';

const STEP = 30_000;

describe(`two-factor codes in Settings on ${testEngine}`, () => {
  // Monday 1 March 2027, 09:00 UTC; each test moves it on by whole time steps.
  const clock = fixedClock(Date.UTC(2027, 2, 1, 9, 0, 0));
  let t: TestApp;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp({ now: clock, env: { NESTBOX_TRUST_PROXY: '1' } });
    admin = await createSignedInUser(t, { name: 'Ada Admin', isAdmin: true });
  });
  afterAll(() => t.close());

  let address = 0;
  const send = (method: string, path: string, token?: string, json?: unknown) =>
    t.request(path, {
      method,
      headers: {
        'x-forwarded-for': `198.51.100.${++address}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(method: string, path: string, token: string, json?: unknown): Promise<T> {
    const res = await send(method, path, token, json);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }
  async function refused(res: Response, status: number, code: string) {
    expect(res.status, await res.clone().text()).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    return body.error;
  }
  const status = (user: SignedInUser) => ok<TwoFactorStatus>('GET', '/api/users/two-factor', user.token);
  const typesIn = async (user: SignedInUser) =>
    (await ok<AuditPage>('GET', '/api/users/audit', user.token)).events.map((event) => event.type);
  const nextStep = () => clock.advance(STEP);

  it('enrols: a secret as text, key URI and QR code, a confirming code, then ten recovery codes once', async () => {
    const user = await createSignedInUser(t);
    expect(await status(user)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await ok<TwoFactorSetup>('POST', '/api/users/two-factor/setup', user.token);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Nestbox:${encodeURIComponent(user.email)}?secret=${setup.secret}&issuer=Nestbox`,
    );
    expect(setup.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*>.*<\/svg>\s*$/s);
    // Nothing is on until a code from that secret is confirmed.
    expect((await status(user)).enabled).toBe(false);

    const wrong = await send('POST', '/api/users/two-factor/enable', user.token, { code: '000000' });
    expect((await refused(wrong, 400, 'error.validation')).fields).toEqual({
      code: 'This code is not right. Check that your phone shows the right time, or use a recovery code.',
    });
    const missing = await send('POST', '/api/users/two-factor/enable', user.token, { code: '' });
    expect((await refused(missing, 400, 'error.validation')).fields).toEqual({
      code: 'Enter the six-digit code from your app, or a recovery code.',
    });

    // Starting again replaces the secret: a code from the first one no longer counts.
    const again = await ok<TwoFactorSetup>('POST', '/api/users/two-factor/setup', user.token);
    expect(again.secret).not.toBe(setup.secret);
    await refused(
      await send('POST', '/api/users/two-factor/enable', user.token, {
        code: codeAt(setup.secret, clock()),
      }),
      400,
      'error.validation',
    );
    const { recoveryCodes } = await ok<RecoveryCodes>('POST', '/api/users/two-factor/enable', user.token, {
      code: codeAt(again.secret, clock()).replace(/^(\d{3})/, '$1 '),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(await status(user)).toEqual({ enabled: true, enabledAt: clock(), recoveryCodesLeft: 10 });

    // Codes are stored sealed and hashed, never as given.
    const stored = await t.database.db
      .selectFrom('two_factor')
      .select('secret_sealed')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(again.secret);
    const hashes = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((row) => row.code_hash)).not.toEqual(expect.arrayContaining([recoveryCodes[0]]));

    // Once on, a new secret is refused, and so is enabling again.
    await refused(await send('POST', '/api/users/two-factor/setup', user.token), 409, 'twoFactor.alreadyOn');
    nextStep();
    await refused(
      await send('POST', '/api/users/two-factor/enable', user.token, { code: codeAt(again.secret, clock()) }),
      409,
      'twoFactor.alreadyOn',
    );
    expect(await typesIn(user)).toEqual(['twoFactor.enabled', 'twoFactor.failed', 'twoFactor.failed']);
  });

  it('asks for a code before the first confirmation only after a secret was made', async () => {
    const user = await createSignedInUser(t);
    await refused(
      await send('POST', '/api/users/two-factor/enable', user.token, { code: '123456' }),
      409,
      'twoFactor.setupFirst',
    );
  });

  it('makes new recovery codes for a code, and the old ones stop working', async () => {
    const user = await createSignedInUser(t);
    const { secret, recoveryCodes } = await enrolTwoFactor(t, user.token);
    // The code that confirmed the enrolment is spent: the same step is refused.
    const replay = await send('POST', '/api/users/two-factor/recovery-codes', user.token, {
      code: codeAt(secret, clock()),
    });
    expect((await refused(replay, 400, 'error.validation')).fields).toEqual({
      code: 'This code has been used already. Wait for the next one from your app.',
    });
    nextStep();
    const fresh = await ok<RecoveryCodes>('POST', '/api/users/two-factor/recovery-codes', user.token, {
      code: codeAt(secret, clock()),
    });
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toEqual(recoveryCodes);
    // An old recovery code is wrong now; a new one proves the next change.
    await refused(
      await send('POST', '/api/users/two-factor/recovery-codes', user.token, { code: recoveryCodes[0] }),
      400,
      'error.validation',
    );
    const third = await ok<RecoveryCodes>('POST', '/api/users/two-factor/recovery-codes', user.token, {
      code: fresh.recoveryCodes[0]?.toUpperCase(),
    });
    expect((await status(user)).recoveryCodesLeft).toBe(10);
    expect(third.recoveryCodes).not.toEqual(fresh.recoveryCodes);
    expect(await typesIn(user)).toEqual([
      'twoFactor.recoveryCodesRegenerated',
      'twoFactor.failed',
      'twoFactor.recoveryCodesRegenerated',
      'twoFactor.failed',
      'twoFactor.enabled',
    ]);
  });

  it('turns codes off with the current password or with a code, never with neither', async () => {
    const byPassword = await createSignedInUser(t);
    await enrolTwoFactor(t, byPassword.token);
    const neither = await send('POST', '/api/users/two-factor/disable', byPassword.token, {});
    expect((await refused(neither, 400, 'error.validation')).fields).toEqual({
      code: 'Enter your current password or a code.',
    });
    const wrongPassword = await send('POST', '/api/users/two-factor/disable', byPassword.token, {
      currentPassword: 'not my password',
    });
    expect((await refused(wrongPassword, 400, 'error.validation')).fields).toEqual({
      currentPassword: 'Your current password is not correct.',
    });
    expect(
      await ok('POST', '/api/users/two-factor/disable', byPassword.token, {
        currentPassword: DEFAULT_PASSWORD,
      }),
    ).toEqual({ message: 'Two-factor codes are off.' });
    expect(await status(byPassword)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    await refused(
      await send('POST', '/api/users/two-factor/disable', byPassword.token, {
        currentPassword: DEFAULT_PASSWORD,
      }),
      409,
      'twoFactor.notOn',
    );

    const byCode = await createSignedInUser(t);
    const { secret } = await enrolTwoFactor(t, byCode.token);
    nextStep();
    await ok('POST', '/api/users/two-factor/disable', byCode.token, { code: codeAt(secret, clock()) });
    expect((await status(byCode)).enabled).toBe(false);
    // Enrolling again works, from a new secret.
    const again = await enrolTwoFactor(t, byCode.token);
    expect(again.secret).not.toBe(secret);
    expect((await typesIn(byCode)).slice(0, 2)).toEqual(['twoFactor.enabled', 'twoFactor.disabled']);
  });

  it('keeps each person to their own codes, and refuses the anonymous and API tokens', async () => {
    const ann = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const { secret } = await enrolTwoFactor(t, ann.token);
    nextStep();
    // Ann's code proves nothing for Bob, whose codes are off.
    await refused(
      await send('POST', '/api/users/two-factor/recovery-codes', bob.token, {
        code: codeAt(secret, clock()),
      }),
      409,
      'twoFactor.notOn',
    );
    await refused(
      await send('POST', '/api/users/two-factor/disable', bob.token, { code: codeAt(secret, clock()) }),
      409,
      'twoFactor.notOn',
    );
    expect((await status(ann)).enabled).toBe(true);
    expect((await status(bob)).enabled).toBe(false);

    const token = await ok<CreatedApiToken>('POST', '/api/tokens', ann.token, {
      name: 'Script',
      scope: 'write',
    });
    for (const [method, path, body] of [
      ['GET', '/api/users/two-factor', undefined],
      ['POST', '/api/users/two-factor/setup', undefined],
      ['POST', '/api/users/two-factor/enable', { code: '123456' }],
      ['POST', '/api/users/two-factor/disable', { currentPassword: DEFAULT_PASSWORD }],
      ['POST', '/api/users/two-factor/recovery-codes', { code: '123456' }],
    ] as const) {
      await refused(await send(method, path, undefined, body), 401, 'error.unauthorized');
      await refused(await send(method, path, token.token, body), 403, 'tokens.notForAccount');
    }
    // An API token keeps working for its owner with codes on: it never signs in.
    expect((await send('GET', '/api/admin/users/get-user', token.token)).status).toBe(200);
    // So does the same token as a CalDAV app password.
    const caldav = await t.request(`/dav/calendars/${ann.id}/`, {
      method: 'PROPFIND',
      headers: {
        depth: '0',
        authorization: `Basic ${Buffer.from(`${ann.email}:${token.token}`).toString('base64')}`,
      },
    });
    expect(caldav.status).toBe(207);
    expect((await status(ann)).enabled).toBe(true);
  });

  it('counts codes typed in Settings against the account: the 11th in 15 minutes is refused', async () => {
    const user = await createSignedInUser(t);
    const { secret } = await enrolTwoFactor(t, user.token);
    // The enrolment's confirmation was the first.
    for (let attempt = 2; attempt <= 10; attempt++)
      expect(
        (await send('POST', '/api/users/two-factor/recovery-codes', user.token, { code: '000000' })).status,
      ).toBe(400);
    nextStep();
    await refused(
      await send('POST', '/api/users/two-factor/recovery-codes', user.token, {
        code: codeAt(secret, clock()),
      }),
      429,
      'error.rateLimited',
    );
  });

  describe('administrators', () => {
    it('list accounts with whether their codes are on, search them, and page through them', async () => {
      const on = await createSignedInUser(t, { name: 'Zoe Onward' });
      const off = await createSignedInUser(t, { name: 'Zoe Offline' });
      await enrolTwoFactor(t, on.token);
      const page = await ok<AdminUsersPage>('GET', '/api/admin/users?q=zoe', admin.token);
      expect(page.next).toBeNull();
      expect(page.users).toEqual(
        [on, off]
          .map((user) => ({
            id: user.id,
            name: user.name,
            email: user.email,
            isAdmin: false,
            active: true,
            twoFactor: user === on,
          }))
          .sort((a, b) => a.email.localeCompare(b.email)),
      );
      // The search takes the name or the address, in any case, and its wildcards are plain text.
      expect(
        (await ok<AdminUsersPage>('GET', '/api/admin/users?q=ZOE%20ON', admin.token)).users,
      ).toHaveLength(1);
      expect((await ok<AdminUsersPage>('GET', '/api/admin/users?q=%25', admin.token)).users).toEqual([]);
      expect(
        (await ok<AdminUsersPage>('GET', `/api/admin/users?q=${encodeURIComponent(on.email)}`, admin.token))
          .users,
      ).toHaveLength(1);

      for (let i = 0; i < 50; i++) await createSignedInUser(t, { name: 'Paged' });
      const first = await ok<AdminUsersPage>('GET', '/api/admin/users', admin.token);
      expect(first.users).toHaveLength(50);
      expect(first.next).toBe(first.users.at(-1)?.email);
      const second = await ok<AdminUsersPage>(
        'GET',
        `/api/admin/users?after=${encodeURIComponent(first.next ?? '')}`,
        admin.token,
      );
      const ids = [...first.users, ...second.users].map((user) => user.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining([admin.id, on.id, off.id]));
    });

    it("turn someone's codes off, recorded in the audit trail; the person signs in with the password alone", async () => {
      const person = await createSignedInUser(t);
      await enrolTwoFactor(t, person.token);
      const login = async () =>
        (await (
          await send('POST', '/auth/login', undefined, { email: person.email, password: DEFAULT_PASSWORD })
        ).json()) as object;
      expect(await login()).toHaveProperty('secondFactor');

      await ok('DELETE', `/api/admin/users/${person.id}/two-factor`, admin.token);
      expect((await status(person)).enabled).toBe(false);
      expect(await login()).toHaveProperty('token');
      await refused(
        await send('DELETE', `/api/admin/users/${person.id}/two-factor`, admin.token),
        409,
        'twoFactor.notOn',
      );

      const trail = await ok<AuditPage>('GET', `/api/admin/audit?userId=${person.id}`, admin.token);
      expect(trail.events.find((event) => event.type === 'twoFactor.reset')?.details).toEqual({
        adminId: admin.id,
        adminEmail: admin.email,
      });
      expect(await typesIn(person)).toContain('twoFactor.reset');
    });

    it('are the only ones who may list accounts or turn codes off', async () => {
      const person = await createSignedInUser(t);
      await enrolTwoFactor(t, person.token);
      const other = await createSignedInUser(t);
      await refused(await send('GET', '/api/admin/users'), 401, 'error.unauthorized');
      await refused(await send('GET', '/api/admin/users', other.token), 403, 'error.forbidden');
      await refused(
        await send('DELETE', `/api/admin/users/${person.id}/two-factor`, other.token),
        403,
        'error.forbidden',
      );
      await refused(
        await send('DELETE', `/api/admin/users/${person.id}/two-factor`),
        401,
        'error.unauthorized',
      );
      // Not someone's own through the admin route (an administrator's neither), nor a malformed id.
      await enrolTwoFactor(t, admin.token);
      await refused(
        await send('DELETE', `/api/admin/users/${admin.id}/two-factor`, admin.token),
        403,
        'twoFactor.resetOwn',
      );
      await refused(
        await send('DELETE', `/api/admin/users/${person.id}/two-factor`, person.token),
        403,
        'error.forbidden',
      );
      await refused(
        await send('DELETE', '/api/admin/users/not-an-id/two-factor', admin.token),
        400,
        'error.validation',
      );
      expect((await status(person)).enabled).toBe(true);
      const adminToken = await ok<CreatedApiToken>('POST', '/api/tokens', admin.token, {
        name: 'Admin script',
        scope: 'write',
      });
      await refused(await send('GET', '/api/admin/users', adminToken.token), 403, 'tokens.notForAccount');
    });
  });
});
