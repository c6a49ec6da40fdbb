import type { Passkey } from '@nestbox/shared/passkeys/passkeys.schema';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { buildTestApp } from '../../test/build-test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { PASSKEY_ORIGIN, passkeyServer } from '../../test/passkeys.js';
import { createSoftAuthenticator } from '../../test/soft-authenticator.js';
import { testEngine } from '../../test/test-database.js';

describe(`passkeys in Settings on ${testEngine}`, () => {
  // Tuesday 2 March 2027, 10:00 UTC.
  const clock = fixedClock(Date.UTC(2027, 2, 2, 10, 0, 0));
  const {
    app,
    dropPassword,
    linkIdentity,
    send,
    ok,
    refused,
    list,
    registrationOptions,
    withPasskey,
    auditTypes,
  } = passkeyServer(clock);

  it('names a passkey as asked, or in the language of the request', async () => {
    const { passkey } = await withPasskey('  Work laptop  ');
    expect(passkey.name).toBe('Work laptop');
    const user = await createSignedInUser(app());
    const device = createSoftAuthenticator(PASSKEY_ORIGIN);
    const response = device.register(await registrationOptions(user));
    const res = await app().request('/api/users/passkeys', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'fr' },
      json: { response },
    });
    expect((await ok<Passkey>(res, 201)).name).toBe('Clé d’accès 1');
  });

  it('renames and removes only the caller’s own passkeys', async () => {
    const { user, passkey } = await withPasskey();
    const bob = await createSignedInUser(app());
    const renamed = await ok<Passkey>(
      await send('PATCH', `/api/users/passkeys/${passkey.id}`, { name: 'Phone' }, user.token),
    );
    expect(renamed).toEqual({ ...passkey, name: 'Phone' });
    const invalid = await refused(
      await send('PATCH', `/api/users/passkeys/${passkey.id}`, { name: '   ' }, user.token),
      400,
      'error.validation',
    );
    expect(invalid.fields).toEqual({ name: 'Give the passkey a name.' });
    await refused(
      await send('PATCH', `/api/users/passkeys/${passkey.id}`, { name: 'Mine now' }, bob.token),
      404,
      'error.notFound',
    );
    await refused(
      await send('DELETE', `/api/users/passkeys/${passkey.id}`, undefined, bob.token),
      404,
      'error.notFound',
    );
    await refused(
      await send('DELETE', '/api/users/passkeys/nope', undefined, user.token),
      400,
      'error.validation',
    );
    await refused(await send('GET', '/api/users/passkeys'), 401, 'error.unauthorized');
    expect((await send('DELETE', `/api/users/passkeys/${passkey.id}`, undefined, user.token)).status).toBe(
      204,
    );
    expect(await list(user)).toEqual([]);
    expect(await auditTypes(user)).toEqual(
      expect.arrayContaining(['passkeys.added', 'passkeys.renamed', 'passkeys.removed']),
    );
  });

  it('keeps the last passkey of an account with no other way in', async () => {
    const { user, device, passkey } = await withPasskey();
    await dropPassword(user);
    await refused(
      await send('DELETE', `/api/users/passkeys/${passkey.id}`, undefined, user.token),
      409,
      'passkeys.lastWay',
    );
    // With a second passkey, or single sign-on, the first may go.
    const second = await ok<Passkey>(
      await send(
        'POST',
        '/api/users/passkeys',
        { response: device.register(await registrationOptions(user)) },
        user.token,
      ),
      201,
    );
    expect((await send('DELETE', `/api/users/passkeys/${passkey.id}`, undefined, user.token)).status).toBe(
      204,
    );
    await refused(
      await send('DELETE', `/api/users/passkeys/${second.id}`, undefined, user.token),
      409,
      'passkeys.lastWay',
    );
    await linkIdentity(user);
    expect((await send('DELETE', `/api/users/passkeys/${second.id}`, undefined, user.token)).status).toBe(
      204,
    );
  });

  it('lets the last identity at a provider go when a passkey is another way in', async () => {
    const { user, passkey } = await withPasskey();
    await dropPassword(user);
    const unlink = (id: string) => send('DELETE', `/api/users/oidc/identities/${id}`, undefined, user.token);
    expect((await unlink(await linkIdentity(user))).status).toBe(200);
    // The identity back, the passkey may go; then the identity is the only way in, and stays.
    const identity = await linkIdentity(user);
    expect((await send('DELETE', `/api/users/passkeys/${passkey.id}`, undefined, user.token)).status).toBe(
      204,
    );
    await refused(await unlink(identity), 409, 'oidc.unlink.noPassword');
  });

  it('keeps at most twenty passkeys', async () => {
    const { user, passkey } = await withPasskey();
    await app()
      .database.db.insertInto('passkeys')
      .values(
        Array.from({ length: 19 }, (_, i) => ({
          id: crypto.randomUUID(),
          user_id: user.id,
          credential_id: `${passkey.id}-${i}`,
          public_key: 'AA',
          counter: 0,
          transports: null,
          backed_up: 0,
          name: `Key ${i}`,
          last_used_at: null,
          created_at: clock(),
        })),
      )
      .execute();
    await refused(
      await send('POST', '/api/users/passkeys/options', undefined, user.token),
      409,
      'passkeys.tooMany',
    );
  });

  it('says passkeys need a domain name when the server is known by an IP address', async () => {
    const byAddress = await buildTestApp({ now: clock, env: { NESTBOX_APP_URL: 'http://192.0.2.10:8080' } });
    try {
      const user = await createSignedInUser(byAddress);
      const res = await byAddress.request('/api/users/passkeys/options', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
      });
      await refused(res, 409, 'passkeys.unsupported');
      await refused(
        await byAddress.request('/auth/passkey/options', { method: 'POST' }),
        409,
        'passkeys.unsupported',
      );
    } finally {
      await byAddress.close();
    }
  });
});
