import {
  type PasskeyLoginBody,
  type PasskeyOptions,
  PasskeyOptionsSchema,
} from '@nestbox/shared/passkeys/passkeys.schema';
import { type LoginResponse, LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authenticationOf, requestOptionsOf, webAuthn } from '../../../lib/passkeys';

/**
 * `POST /auth/passkey/options`: options for a sign-in with any passkey of this site (no
 * account named: the passkey says whose it is). Public.
 */
export async function getPasskeyLoginOptions(
  signal?: AbortSignal,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const answer = await apiRequest<PasskeyOptions>('/auth/passkey/options', {
    authenticated: false,
    signal,
    schema: import.meta.env.DEV ? PasskeyOptionsSchema : undefined,
  });
  return requestOptionsOf(answer);
}

/**
 * `POST /auth/passkey`: the browser's answer; answers a session as a password login does
 * (a passkey is both factors). 400 `passkeys.failed`, `passkeys.unknown` or `passkeys.expired`.
 */
export function passkeyLogin(body: PasskeyLoginBody, signal?: AbortSignal): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/passkey', {
    body,
    authenticated: false,
    signal,
    schema: import.meta.env.DEV ? LoginResponseSchema : undefined,
  });
}

/**
 * "Sign in with a passkey": fresh options, the browser's prompt, then the answer. Starting it
 * ends the autofill request waiting on the e-mail field (the browser holds one at a time).
 */
export function usePasskeyLogin() {
  return useMutation({
    mutationFn: async ({ rememberMe }: { rememberMe: boolean }) => {
      const optionsJSON = await getPasskeyLoginOptions();
      const { startAuthentication } = await webAuthn();
      const response = await startAuthentication({ optionsJSON });
      return passkeyLogin({ response: authenticationOf(response), rememberMe });
    },
  });
}
