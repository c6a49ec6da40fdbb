import {
  type FindItemsQuery,
  type FindItemsResponse,
  FindItemsResponseSchema,
} from '@nestbox/shared/items/find.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { RERUN_ON_ITEM_CHANGE } from '../query-client';

/** `GET /api/items/find-items`: boxes and texts the caller sees whose title matches `q`, best first. */
export function findItems(query: FindItemsQuery, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<FindItemsResponse>('/api/items/find-items', {
    method: 'GET',
    query: { q: query.q, type: query.type, limit: query.limit },
    signal,
    schema: import.meta.env.DEV ? FindItemsResponseSchema : undefined,
  });
}

/** Every finder answer, so a change to any item can drop them all at once. */
export const FIND_ITEMS_KEY = ['find-items'] as const;

export function findItemsQueryOptions(query: FindItemsQuery) {
  return queryOptions({
    queryKey: [...FIND_ITEMS_KEY, query.q ?? '', query.type ?? 'any', query.limit ?? 20] as const,
    queryFn: ({ signal }) => findItems(query, { signal }),
    staleTime: 10_000,
    // The list keeps showing the previous answer while the next keystroke's arrives.
    placeholderData: keepPreviousData,
    throwOnError: false,
    // Any change to any item (here or live) may alter the answer: asked again when on screen.
    ...RERUN_ON_ITEM_CHANGE,
  });
}

/** The finder's answer for what has been typed so far. */
export function useFindItems(query: FindItemsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...findItemsQueryOptions(query), enabled });
}
