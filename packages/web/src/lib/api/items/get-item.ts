import type { Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';

/** `GET /api/items/get-item`: one item with the caller's own state. */
export function getItem(itemId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Item> {
  return apiRequest<Item>('/api/items/get-item', {
    method: 'GET',
    query: { itemId },
    signal,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Key of one item's details (Item settings). */
export function itemKey(itemId: string) {
  return ['item', itemId] as const;
}

export function getItemQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: itemKey(itemId),
    queryFn: ({ signal }) => getItem(itemId, { signal }),
    // Item settings shows its own error in place.
    throwOnError: false,
  });
}

/** One item's details, fresh each time Item settings opens. */
export function useItem(itemId: string) {
  return useQuery({ ...getItemQueryOptions(itemId), refetchOnMount: 'always' });
}
