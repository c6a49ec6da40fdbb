import { type APIRequestContext, expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { serverNow } from './clock.js';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, six digits, 30 s). */
export const codeAt = (secret: string, at: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** Turns a person's two-factor codes on through the API, with a code at the server's time. */
export async function enrolTwoFactor(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const setup = await request.post('/api/users/two-factor/setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/users/two-factor/enable', {
    headers,
    data: { code: codeAt(secret, await serverNow(request)) },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
}
