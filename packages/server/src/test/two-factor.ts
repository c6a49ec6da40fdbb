import type { RecoveryCodes, TwoFactorSetup } from '@nestbox/shared/two-factor/two-factor.schema';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';

/** The code an authenticator app shows for `secret` at `at`, computed as the app does (RFC 6238, SHA-1, 6 digits, 30 s). */
export const codeAt = (secret: string, at: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/**
 * Enrols a signed-in person through the API, as Settings → Security does: a new secret, then
 * a code from it at the app's time. Answers the secret and the ten recovery codes.
 */
export async function enrolTwoFactor(
  t: TestApp,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const setup = await t.request('/api/users/two-factor/setup', { method: 'POST', headers });
  expect(setup.status, await setup.clone().text()).toBe(200);
  const { secret } = (await setup.json()) as TwoFactorSetup;
  const enabled = await t.request('/api/users/two-factor/enable', {
    method: 'POST',
    headers,
    json: { code: codeAt(secret, t.now()) },
  });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as RecoveryCodes;
  return { secret, recoveryCodes };
}
