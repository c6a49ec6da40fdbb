import type { ActivateBody, MessageResponse } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /user/activate`: `{ message }`, or 400 (not valid) / 410 (expired). */
export function activateAccount(confirmHash: string): Promise<MessageResponse> {
  const body: ActivateBody = { confirmHash };
  return apiRequest<MessageResponse>('/user/activate', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

/**
 * Activation runs once when the page opens. It is a query rather than a mutation so that it
 * is deduplicated: a second mount (React's strict mode, a quick back-and-forward) reuses the
 * first answer instead of spending the link again and reporting it invalid. For the same
 * reason it takes no abort signal: React Query would cancel it when the first mount goes
 * away, after the server had already used the link.
 */
export function activateAccountQueryOptions(confirmHash: string) {
  return queryOptions({
    queryKey: ['auth', 'activate', confirmHash],
    queryFn: () => activateAccount(confirmHash),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    throwOnError: false,
  });
}

export function useActivateAccount(confirmHash: string) {
  return useQuery(activateAccountQueryOptions(confirmHash));
}
