import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Passkey, PasskeyList } from '@nestbox/shared/passkeys/passkeys.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../clock.js';
import { UNUSABLE_PASSWORD_HASH } from '../modules/auth/auth.service.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { createSignedInUser, type SignedInUser } from './factories.js';
import { createSoftAuthenticator, type SoftAuthenticator } from './soft-authenticator.js';

/** The address the passkey tests' server is known by: a domain name, as passkeys need. */
export const PASSKEY_ORIGIN = 'http://nestbox.localhost';

/**
 * A server for a passkey test file (built before its tests, closed after them): known as
 * PASSKEY_ORIGIN, on the file's clock, behind a trusted proxy so that each call speaks from an
 * address of its own and one test's per-address limits never touch another's. Answers the
 * app and the calls the tests make to it.
 */
export function passkeyServer(now: Clock) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ now, env: { NESTBOX_APP_URL: PASSKEY_ORIGIN, NESTBOX_TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => {
    if (!t) throw new Error('the passkey test server is not built yet');
    return t;
  };
  let address = 0;
  const send = (method: string, path: string, json?: unknown, token?: string) =>
    app().request(path, {
      method,
      headers: {
        'x-forwarded-for': `198.51.100.${++address % 250}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(res: Response, status = 200): Promise<T> {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  }
  async function refused(res: Response, status: number, code: string) {
    expect(res.status, await res.clone().text()).toBe(status);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe(code);
    return error;
  }
  const list = async (user: SignedInUser) =>
    (await ok<PasskeyList>(await send('GET', '/api/users/passkeys', undefined, user.token))).passkeys;
  const registrationOptions = async (user: SignedInUser) =>
    (
      await ok<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        await send('POST', '/api/users/passkeys/options', undefined, user.token),
      )
    ).options;
  const signInOptions = async () =>
    (
      await ok<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        await send('POST', '/auth/passkey/options'),
      )
    ).options;

  /** A person with a password and a passkey in their soft authenticator. */
  async function withPasskey(name?: string) {
    const user = await createSignedInUser(app());
    const device = createSoftAuthenticator(PASSKEY_ORIGIN);
    const response = device.register(await registrationOptions(user));
    const passkey = await ok<Passkey>(
      await send('POST', '/api/users/passkeys', { response, ...(name ? { name } : {}) }, user.token),
      201,
    );
    return { user, device, passkey };
  }
  async function signIn(
    device: SoftAuthenticator,
    options?: Parameters<SoftAuthenticator['authenticate']>[1],
  ) {
    const response = device.authenticate(await signInOptions(), options);
    return send('POST', '/auth/passkey', { response, rememberMe: true });
  }
  async function auditTypes(user: SignedInUser) {
    const page = await ok<AuditPage>(await send('GET', '/api/users/audit', undefined, user.token));
    return page.events.map((event) => event.type);
  }
  async function sessionWorks(session: LoginResponse) {
    expect((await send('GET', '/api/admin/users/get-user', undefined, session.token)).status).toBe(200);
  }

  /** The account loses its password: its passkeys (or single sign-on) are its only way in. */
  async function dropPassword(user: SignedInUser) {
    await app()
      .database.db.updateTable('users')
      .set({ password_hash: UNUSABLE_PASSWORD_HASH })
      .where('id', '=', user.id)
      .execute();
  }
  /** Links the account to an identity at a provider, as single sign-on does; answers its id. */
  async function linkIdentity(user: SignedInUser) {
    const id = crypto.randomUUID();
    await app()
      .database.db.insertInto('oidc_identities')
      .values({
        id,
        user_id: user.id,
        issuer: 'https://id.example',
        subject: `sub-${user.id}`,
        email: user.email,
        last_used_at: null,
        created_at: now(),
      })
      .execute();
    return id;
  }

  return {
    app,
    dropPassword,
    linkIdentity,
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
  };
}
