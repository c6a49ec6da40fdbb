import type { ActivateBody, MessageResponse } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The links an e-mail carries that work once: `POST /user/activate` (an account's activation:
 * 400 not valid, 410 expired) and `POST /user/confirm-email` (a new address: 400, 409 taken
 * since, 410), each answering `{ message }`.
 */
const LINK_PATHS = { activate: '/user/activate', 'confirm-email': '/user/confirm-email' } as const;
export type OneTimeLink = keyof typeof LINK_PATHS;

function spendLink(link: OneTimeLink, confirmHash: string): Promise<MessageResponse> {
  const body: ActivateBody = { confirmHash };
  return apiRequest<MessageResponse>(LINK_PATHS[link], {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

/**
 * A link is spent once, when its page opens. It is a query rather than a mutation so that it
 * is deduplicated: a second mount (React's strict mode, a quick back-and-forward) reuses the
 * first answer instead of spending the link again and reporting it invalid. For the same
 * reason it takes no abort signal: React Query would cancel it when the first mount goes
 * away, after the server had already used the link.
 */
export function spendLinkQueryOptions(link: OneTimeLink, confirmHash: string) {
  return queryOptions({
    queryKey: ['auth', link, confirmHash],
    queryFn: () => spendLink(link, confirmHash),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    throwOnError: false,
  });
}

export function useSpendLink(link: OneTimeLink, confirmHash: string) {
  return useQuery(spendLinkQueryOptions(link, confirmHash));
}
