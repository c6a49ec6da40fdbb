import {
  type PasswordResetCheckResponse,
  PasswordResetCheckResponseSchema,
} from '@nestbox/shared/auth/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /user/password-reset-check`: `{ valid: true, secondFactor }` (whether the reset asks for
 * a two-factor code), or 400 (not valid) / 410 (expired).
 */
export function checkPasswordReset(verifyId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<PasswordResetCheckResponse>('/user/password-reset-check', {
    body: { verifyId },
    signal,
    authenticated: false,
    schema: import.meta.env.DEV ? PasswordResetCheckResponseSchema : undefined,
  });
}

export function checkPasswordResetQueryOptions(verifyId: string) {
  return queryOptions({
    queryKey: ['auth', 'password-reset-check', verifyId],
    queryFn: ({ signal }) => checkPasswordReset(verifyId, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
    throwOnError: false,
  });
}

export function usePasswordResetCheck(verifyId: string) {
  return useQuery(checkPasswordResetQueryOptions(verifyId));
}
