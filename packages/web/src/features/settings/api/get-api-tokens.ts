import { type ApiToken, ApiTokenListSchema } from '@nestbox/shared/tokens/token.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of the caller's API tokens; making or revoking one updates it. */
export const apiTokensKey = ['api-tokens'] as const;

/**
 * `GET /api/tokens`: the caller's personal API tokens, newest first, with their last use.
 * Tokens are used outside this page (a script, a CalDAV app), so the list is read afresh
 * whenever it shows and whenever the person comes back to the window.
 */
export function apiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokensKey,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    queryFn: ({ signal }) =>
      apiRequest<ApiToken[]>('/api/tokens', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? ApiTokenListSchema : undefined,
      }),
  });
}

export const useApiTokens = () => useQuery(apiTokensQueryOptions());
