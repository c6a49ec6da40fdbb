import { type AdminUsersPage, AdminUsersPageSchema } from '@nestbox/shared/two-factor/two-factor.schema';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of the administrators' list of accounts (every search). */
export const adminUsersKey = ['admin-users'] as const;

/** `GET /api/admin/users`: accounts by address, 50 a page, those matching `q`, with their two-factor state. */
export function adminUsersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...adminUsersKey, q],
    initialPageParam: undefined as string | undefined,
    // While a new search loads, the last list stays.
    placeholderData: keepPreviousData,
    getNextPageParam: (page: AdminUsersPage) => page.next ?? undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminUsersPage>('/api/admin/users', {
        method: 'GET',
        query: { ...(q ? { q } : {}), ...(pageParam ? { after: pageParam } : {}) },
        signal,
        schema: import.meta.env.DEV ? AdminUsersPageSchema : undefined,
      }),
  });
}

export const useAdminUsers = (q: string) => useInfiniteQuery(adminUsersQueryOptions(q));
