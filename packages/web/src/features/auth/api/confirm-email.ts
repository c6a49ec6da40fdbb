import type { ActivateBody, MessageResponse } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /user/confirm-email`: `{ message }`, or 400 (not valid), 409 (address taken since), 410 (expired). */
export function confirmEmail(confirmHash: string): Promise<MessageResponse> {
  const body: ActivateBody = { confirmHash };
  return apiRequest<MessageResponse>('/user/confirm-email', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

/** Runs once when the page opens; a query (like activation) so a second mount never spends the link again. */
export function confirmEmailQueryOptions(confirmHash: string) {
  return queryOptions({
    queryKey: ['auth', 'confirm-email', confirmHash],
    queryFn: () => confirmEmail(confirmHash),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    throwOnError: false,
  });
}

export function useConfirmEmail(confirmHash: string) {
  return useQuery(confirmEmailQueryOptions(confirmHash));
}
