import { type ItemHistoryPage, ItemHistoryPageSchema } from '@nestbox/shared/history/history.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of an item's history; a `history:changed` event invalidates it. */
export const historyKey = (itemId: string) => ['history', itemId] as const;

/** `GET /api/items/:itemId/history`: a page of the item's changes, newest first, before `before`. */
export function getHistory(itemId: string, before: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiRequest<ItemHistoryPage>(`/api/items/${encodeURIComponent(itemId)}/history${query}`, {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? ItemHistoryPageSchema : undefined,
  });
}

/**
 * The item's history, a page at a time. Read afresh each time it shows (others change the
 * item too); a failure shows in the section, never as the error page.
 */
export function historyQueryOptions(itemId: string) {
  return infiniteQueryOptions({
    queryKey: historyKey(itemId),
    queryFn: ({ pageParam, signal }) => getHistory(itemId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 0,
    throwOnError: false,
  });
}

export const useHistory = (itemId: string) => useInfiniteQuery(historyQueryOptions(itemId));
