import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { SlackAccount, SlackStatus } from '@nestbox/shared/slack/slack.schema';
import {
  SlackAccountSchema,
  SlackConnectResponseSchema,
  SlackStatusSchema,
} from '@nestbox/shared/slack/slack.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const slackKeys = {
  status: ['slack', 'status'] as const,
  accounts: ['slack', 'accounts'] as const,
};

/** `GET /api/users/slack-status`: whether Slack is configured, and which variables turn it on. */
export function slackStatusQueryOptions() {
  return queryOptions({
    queryKey: slackKeys.status,
    queryFn: ({ signal }) =>
      apiRequest<SlackStatus>('/api/users/slack-status', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? SlackStatusSchema : undefined,
      }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/users/slack-accounts`: the caller's linked accounts. */
export function slackAccountsQueryOptions() {
  return queryOptions({
    queryKey: slackKeys.accounts,
    queryFn: ({ signal }) =>
      apiRequest<SlackAccount[]>('/api/users/slack-accounts', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? SlackAccountSchema.array() : undefined,
      }),
  });
}

export const useSlackStatus = () => useQuery(slackStatusQueryOptions());
export const useSlackAccounts = () => useQuery(slackAccountsQueryOptions());

/** `POST /api/users/slack-connect`, then the browser goes to Slack's consent page. */
export function useConnectSlack() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/users/slack-connect', {
        method: 'POST',
        schema: import.meta.env.DEV ? SlackConnectResponseSchema : undefined,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** `DELETE /api/users/slack-account?slackAccountId`. */
export function useUnlinkSlack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slackAccountId: string) =>
      apiRequest<{ ok: true }>('/api/users/slack-account', {
        method: 'DELETE',
        query: { slackAccountId },
        schema: import.meta.env.DEV ? OkResponseSchema : undefined,
      }),
    onSuccess: (_answer, slackAccountId) =>
      queryClient.setQueryData<SlackAccount[]>(slackKeys.accounts, (accounts) =>
        accounts?.filter((account) => account.slackAccountId !== slackAccountId),
      ),
  });
}
