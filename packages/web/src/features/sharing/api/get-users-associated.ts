import type { InheritedShare, ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import { InheritedShareSchema, ShareEntrySchema } from '@nestbox/shared/sharing/sharing.schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/items/get-users-associated`: everyone an item is shared with, and their level. */
export function getUsersAssociated(itemId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<ShareEntry[]>('/api/items/get-users-associated', {
    method: 'GET',
    query: { itemId },
    signal,
    schema: import.meta.env.DEV ? ShareEntrySchema.array() : undefined,
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

/** `GET /api/items/get-inherited-shares`: who sees an item through the boxes above it. */
export function getInheritedShares(itemId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<InheritedShare[]>('/api/items/get-inherited-shares', {
    method: 'GET',
    query: { itemId },
    signal,
    schema: import.meta.env.DEV ? InheritedShareSchema.array() : undefined,
  });
}

const INHERITED_SHARES_KEY = ['inherited-shares'] as const;

/** The people who see an item through the boxes above it, box by box. */
export function useInheritedShares(itemId: string) {
  return useQuery({
    queryKey: [...INHERITED_SHARES_KEY, itemId],
    queryFn: ({ signal }) => getInheritedShares(itemId, { signal }),
    throwOnError: false,
  });
}

/**
 * After a share change on an item: its own list, and what every item below it inherits
 * (which items those are is not known here, so every inherited list is asked again).
 */
export function invalidateShares(queryClient: QueryClient, itemId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersAssociatedKey(itemId) }),
    queryClient.invalidateQueries({ queryKey: INHERITED_SHARES_KEY }),
  ]);
}
