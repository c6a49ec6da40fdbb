import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Passkey, PasskeyList } from '@nestbox/shared/passkeys/passkeys.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { createSignedInUser, type SignedInUser } from './factories.js';
import { createSoftAuthenticator, type SoftAuthenticator } from './soft-authenticator.js';

/** The address the passkey tests' server is known by: a domain name, as passkeys need. */
export const PASSKEY_ORIGIN = 'http://nestbox.localhost';

/**
 * The passkey tests' calls to `app()` (a server at PASSKEY_ORIGIN behind a trusted proxy): each
 * from an address of its own, so one test's per-address limits never touch another's.
 */
export function passkeyCalls(app: () => TestApp) {
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

  return {
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
