import {
  type PasskeyOptions,
  PasskeyOptionsSchema,
  type PasskeySecondFactorBody,
} from '@nestbox/shared/passkeys/passkeys.schema';
import { type LoginResponse, LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authenticationOf, requestOptionsOf, webAuthn } from '../../../lib/passkeys';

/**
 * `POST /auth/login/second-factor/passkey/options`: options naming the passkeys of the person
 * whose password was right (the second step's token says who). 409 `passkeys.none` when they
 * have none; 400 `login.secondFactor.expired`.
 */
export async function getSecondFactorPasskeyOptions(
  token: string,
  signal?: AbortSignal,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const answer = await apiRequest<PasskeyOptions>('/auth/login/second-factor/passkey/options', {
    body: { token },
    authenticated: false,
    signal,
    schema: import.meta.env.DEV ? PasskeyOptionsSchema : undefined,
  });
  return requestOptionsOf(answer);
}

/**
 * The second step's first options, asked once as the step shows: whether to offer a passkey
 * at all. Each challenge is good once, so they are never asked again in the background.
 */
export function secondFactorPasskeyQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['second-factor-passkey', token],
    queryFn: ({ signal }) => getSecondFactorPasskeyOptions(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    throwOnError: false,
  });
}

export const useSecondFactorPasskeyOptions = (token: string) =>
  useQuery(secondFactorPasskeyQueryOptions(token));

/** `POST /auth/login/second-factor/passkey`: the browser's answer meets the step; answers as a login does. */
export function loginSecondFactorPasskey(body: PasskeySecondFactorBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login/second-factor/passkey', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? LoginResponseSchema : undefined,
  });
}

/**
 * "Use a passkey instead": the browser's prompt with the options given (or fresh ones once
 * those were used), then the answer. 429 `login.secondFactor.locked` after five failures.
 */
export function useSecondFactorPasskey() {
  return useMutation({
    mutationFn: async ({
      token,
      options,
    }: {
      token: string;
      options?: PublicKeyCredentialRequestOptionsJSON | undefined;
    }) => {
      const optionsJSON = options ?? (await getSecondFactorPasskeyOptions(token));
      const { startAuthentication } = await webAuthn();
      const response = await startAuthentication({ optionsJSON });
      return loginSecondFactorPasskey({ token, response: authenticationOf(response) });
    },
  });
}
