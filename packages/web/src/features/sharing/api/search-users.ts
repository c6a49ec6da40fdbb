import { SHARE_SEARCH_MIN_TERM_LENGTH } from '@nestbox/shared/constants';
import { type UserHit, UserHitSchema } from '@nestbox/shared/sharing/sharing.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/users/search-users`: people the caller shares with whose name matches, or the exact e-mail. */
export function searchUsers(searchTerm: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<UserHit[]>('/api/users/search-users', {
    method: 'GET',
    query: { searchTerm },
    signal,
    schema: import.meta.env.DEV ? UserHitSchema.array() : undefined,
  });
}

export function searchUsersKey(searchTerm: string) {
  return ['search-users', searchTerm] as const;
}

export function searchUsersQueryOptions(searchTerm: string) {
  return queryOptions({
    queryKey: searchUsersKey(searchTerm),
    queryFn: ({ signal }) => searchUsers(searchTerm, { signal }),
    enabled: searchTerm.length >= SHARE_SEARCH_MIN_TERM_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    throwOnError: false,
  });
}

/** The people matching a (throttled, trimmed) term; idle below the minimum length (SPEC §5). */
export function useSearchUsers(searchTerm: string) {
  return useQuery(searchUsersQueryOptions(searchTerm));
}
