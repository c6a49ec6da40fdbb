import type { ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/items/get-users-associated`: everyone an item is shared with, and their level. */
export function getUsersAssociated(itemId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<ShareEntry[]>('/api/items/get-users-associated', {
    method: 'GET',
    query: { itemId },
    signal,
  });
}

/** Key of one item's share list; every share change invalidates it. */
export function usersAssociatedKey(itemId: string) {
  return ['users-associated', itemId] as const;
}

export function getUsersAssociatedQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: usersAssociatedKey(itemId),
    queryFn: ({ signal }) => getUsersAssociated(itemId, { signal }),
    // The Share section shows its own error in place.
    throwOnError: false,
  });
}

/** The share list of an item. */
export function useUsersAssociated(itemId: string) {
  return useQuery(getUsersAssociatedQueryOptions(itemId));
}
