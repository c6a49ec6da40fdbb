import type { User } from '@nestbox/shared/users/user.schema';
import { UserSchema } from '@nestbox/shared/users/user.schema';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** `GET /api/admin/users/get-user`: the logged-in user. HTTP 401 ends the session (the client goes to /logout). */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiRequest<User>('/api/admin/users/get-user', {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? UserSchema : undefined,
  });
}

/**
 * The logged-in user, loaded once by the `/app` layout. It only changes when the person
 * saves their profile, which writes the answer into this cache, so it never goes stale.
 */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current'],
    queryFn: ({ signal }) => getUser({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Any failure logs out (SPEC §8), so the layout handles it instead of the 500 page.
    throwOnError: false,
  });
}

/**
 * The logged-in user, for any component under the `/app` layout: the layout renders its
 * pages only once the user is loaded, so this never waits.
 */
export function useUser(): User {
  return useSuspenseQuery(getUserQueryOptions()).data;
}
