import type { Passkey } from '@nestbox/shared/passkeys/passkeys.schema';
import type { SecondFactorRequired } from '@nestbox/shared/two-factor/two-factor.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { createSignedInUser, DEFAULT_PASSWORD } from '../../test/factories.js';
import { PASSKEY_ORIGIN, passkeyServer } from '../../test/passkeys.js';
import { createSoftAuthenticator } from '../../test/soft-authenticator.js';
import { testEngine } from '../../test/test-database.js';
import { codeAt, enrolTwoFactor } from '../../test/two-factor.js';

const MINUTE = 60_000;

describe(`signing in with a passkey on ${testEngine}`, () => {
  // Tuesday 2 March 2027, 10:00 UTC.
  const clock = fixedClock(Date.UTC(2027, 2, 2, 10, 0, 0));
  const {
    app,
    send,
    ok,
    refused,
    list,
    registrationOptions,
    signInOptions,
    withPasskey,
    signIn,
    auditTypes,
    sessionWorks,
  } = passkeyServer(clock);

  it('adds a passkey the person verified, lists it, and signs in with it alone', async () => {
    const user = await createSignedInUser(app(), { name: 'Ann' });
    const options = await registrationOptions(user);
    expect(options).toMatchObject({
      rp: { id: 'nestbox.localhost', name: 'Nestbox' },
      user: { name: user.email, displayName: 'Ann' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const device = createSoftAuthenticator(PASSKEY_ORIGIN);
    const added = await ok<Passkey>(
      await send('POST', '/api/users/passkeys', { response: device.register(options) }, user.token),
      201,
    );
    expect(added).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Passkey 1',
      createdAt: clock(),
      lastUsedAt: null,
      backedUp: false,
    });
    expect(await list(user)).toEqual([added]);
    // Adding another excludes the first from the browser's choice.
    expect((await registrationOptions(user)).excludeCredentials).toEqual([
      { id: [...device.credentials.keys()][0], type: 'public-key', transports: ['internal'] },
    ]);

    const signInOptionsAnswer = await signInOptions();
    expect(signInOptionsAnswer).toMatchObject({ rpId: 'nestbox.localhost', userVerification: 'required' });
    expect(signInOptionsAnswer.allowCredentials).toEqual([]);
    clock.advance(MINUTE);
    const res = await send('POST', '/auth/passkey', {
      response: device.authenticate(signInOptionsAnswer),
      rememberMe: true,
    });
    const session = await ok<LoginResponse>(res);
    expect(session.user.id).toBe(user.id);
    await sessionWorks(session);
    expect((await list(user))[0]?.lastUsedAt).toBe(clock());
    expect(await auditTypes(user)).toEqual(expect.arrayContaining(['passkeys.added', 'passkeys.login']));
  });

  it('takes each answer once: a replayed answer and a counter that did not move are refused', async () => {
    const { device } = await withPasskey();
    const response = device.authenticate(await signInOptions());
    await ok<LoginResponse>(await send('POST', '/auth/passkey', { response }));
    await refused(await send('POST', '/auth/passkey', { response }), 400, 'passkeys.expired');
    // A cloned authenticator answers with a counter the server has already seen.
    await refused(await signIn(device, { counterStep: 0 }), 400, 'passkeys.failed');
    await ok<LoginResponse>(await signIn(device));
  });

  it('refuses an answer for another site, without the person verified, or signed by another key', async () => {
    const { user, device } = await withPasskey();
    await refused(await signIn(device, { from: 'http://evil.example' }), 400, 'passkeys.failed');
    await refused(await signIn(device, { verified: false }), 400, 'passkeys.failed');
    const forged = device.authenticate(await signInOptions());
    const other = createSoftAuthenticator(PASSKEY_ORIGIN);
    other.register(await registrationOptions(await createSignedInUser(app())));
    const signedElsewhere = other.authenticate(await signInOptions());
    const res = await send('POST', '/auth/passkey', {
      response: {
        ...forged,
        response: { ...forged.response, signature: signedElsewhere.response.signature },
      },
    });
    await refused(res, 400, 'passkeys.failed');
    expect((await auditTypes(user)).filter((type) => type === 'passkeys.failed')).toHaveLength(3);
    await ok<LoginResponse>(await signIn(device));
  });

  it('refuses an unknown passkey, a challenge made for something else, and a malformed answer', async () => {
    const stranger = createSoftAuthenticator(PASSKEY_ORIGIN);
    const lonely = await createSignedInUser(app());
    // Registered in the device only: the server never kept it.
    stranger.register(await registrationOptions(lonely));
    await refused(await signIn(stranger), 400, 'passkeys.unknown');

    const { user, device } = await withPasskey();
    // A challenge made to add a passkey does not sign anybody in.
    const addChallenge = await registrationOptions(user);
    const misused = device.authenticate({ challenge: addChallenge.challenge, rpId: 'nestbox.localhost' });
    await refused(await send('POST', '/auth/passkey', { response: misused }), 400, 'passkeys.expired');
    // One person's challenge to add a passkey is not another's.
    const someoneElse = await createSignedInUser(app());
    const theirs = createSoftAuthenticator(PASSKEY_ORIGIN).register(addChallenge);
    await refused(
      await send('POST', '/api/users/passkeys', { response: theirs }, someoneElse.token),
      400,
      'passkeys.expired',
    );
    // Five minutes on, a challenge has expired.
    const late = device.authenticate(await signInOptions());
    clock.advance(5 * MINUTE);
    await refused(await send('POST', '/auth/passkey', { response: late }), 400, 'passkeys.expired');

    const bad = await refused(
      await send('POST', '/auth/passkey', {
        response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      }),
      400,
      'error.validation',
    );
    expect(bad.message).toBeTruthy();
    await refused(
      await send('POST', '/auth/passkey', {
        response: { ...late, response: { ...late.response, clientDataJSON: 'bm90IGpzb24' } },
      }),
      400,
      'passkeys.failed',
    );
  });

  it('meets the second step of a password sign-in with a passkey, once', async () => {
    const { user, device } = await withPasskey();
    await enrolTwoFactor(app(), user.token);
    const firstStep = async () =>
      (
        await ok<SecondFactorRequired>(
          await send('POST', '/auth/login', { email: user.email, password: DEFAULT_PASSWORD }),
        )
      ).secondFactor.token;
    const token = await firstStep();
    const options = (
      await ok<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        await send('POST', '/auth/login/second-factor/passkey/options', { token }),
      )
    ).options;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([...device.credentials.keys()]);
    expect(options.userVerification).toBe('preferred');
    // As a second factor, the person's presence is enough.
    const response = device.authenticate(options, { verified: false });
    const session = await ok<LoginResponse>(
      await send('POST', '/auth/login/second-factor/passkey', { token, response }),
    );
    await sessionWorks(session);
    // The step is taken: its token works once, whatever meets it.
    await refused(
      await send('POST', '/auth/login/second-factor', { token, code: codeAt('AAAA', clock()) }),
      400,
      'login.secondFactor.expired',
    );
    await refused(
      await send('POST', '/auth/login/second-factor/passkey/options', { token }),
      400,
      'login.secondFactor.expired',
    );
    const audit = await auditTypes(user);
    expect(audit).toContain('twoFactor.used');

    // Someone else's passkey does not meet this person's step, and five failures lock it.
    const other = await withPasskey();
    const next = await firstStep();
    for (let i = 0; i < 5; i++) {
      const theirOptions = (
        await ok<{ options: PublicKeyCredentialRequestOptionsJSON }>(
          await send('POST', '/auth/login/second-factor/passkey/options', { token: next }),
        )
      ).options;
      const wrong = other.device.authenticate({ ...theirOptions, allowCredentials: [] });
      await refused(
        await send('POST', '/auth/login/second-factor/passkey', { token: next, response: wrong }),
        400,
        'passkeys.unknown',
      );
    }
    const lastOptions = (
      await ok<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        await send('POST', '/auth/login/second-factor/passkey/options', { token: next }),
      )
    ).options;
    await refused(
      await send('POST', '/auth/login/second-factor/passkey', {
        token: next,
        response: device.authenticate(lastOptions),
      }),
      429,
      'login.secondFactor.locked',
    );
  });

  it('offers no passkey step to a person without one', async () => {
    const user = await createSignedInUser(app());
    await enrolTwoFactor(app(), user.token);
    const { secondFactor } = await ok<SecondFactorRequired>(
      await send('POST', '/auth/login', { email: user.email, password: DEFAULT_PASSWORD }),
    );
    await refused(
      await send('POST', '/auth/login/second-factor/passkey/options', { token: secondFactor.token }),
      409,
      'passkeys.none',
    );
    await refused(
      await send('POST', '/auth/login/second-factor/passkey/options', { token: 'not-a-token' }),
      400,
      'login.secondFactor.expired',
    );
  });
});
