import { ORGANIZER_FIRST_PAGE, ORGANIZER_NEXT_PAGE } from '@nestbox/shared/constants';
import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { OrganizerResponseSchema } from '@nestbox/shared/organizer/organizer.schema';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { FRESH_UNTIL_CHANGE } from '../../../lib/query-client';

/** The Organizer as loaded so far: both lists' items, their parent boxes, and whether both lists are whole. */
export interface Organizer {
  organizerItems: OrganizerItem[];
  parentOrganizerItems: OrganizerPage['parentOrganizerItems'];
  complete: boolean;
}

type Cursor = NonNullable<OrganizerPage['next']>;
type OrganizerPages = InfiniteData<OrganizerPage, Cursor | null>;

export const organizerKey = ['organizer'] as const;

/**
 * `GET /api/items/get-organizer`, a page at a time: a first screenful of each list, then
 * larger pages after it (`cursor`), each list in its display order.
 */
export function getOrganizerPage(cursor: Cursor | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({
    limit: String(cursor ? ORGANIZER_NEXT_PAGE : ORGANIZER_FIRST_PAGE),
    prioritizedOffset: String(cursor?.prioritizedOffset ?? 0),
    unprioritizedOffset: String(cursor?.unprioritizedOffset ?? 0),
  });
  return apiRequest<OrganizerPage>(`/api/items/get-organizer?${query}`, {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? OrganizerResponseSchema : undefined,
  });
}

/**
 * The pages as one Organizer. Offsets can shift while pages load (an item ranked meanwhile),
 * so an item met twice is kept once, where it was first met.
 */
export function joinOrganizerPages(data: OrganizerPages): Organizer {
  const seen = new Set<string>();
  const organizerItems: OrganizerItem[] = [];
  const parentOrganizerItems: Organizer['parentOrganizerItems'] = {};
  for (const page of data.pages) {
    for (const item of page.organizerItems) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      organizerItems.push(item);
    }
    Object.assign(parentOrganizerItems, page.parentOrganizerItems);
  }
  return { organizerItems, parentOrganizerItems, complete: data.pages.at(-1)?.next === null };
}

/** Changes Organizer items where they are cached (optimistic changes); answers the cache before, to put back. */
export function patchOrganizerItems(
  queryClient: QueryClient,
  change: (item: OrganizerItem) => OrganizerItem,
): OrganizerPages | undefined {
  const before = queryClient.getQueryData<OrganizerPages>(organizerKey);
  if (before)
    queryClient.setQueryData<OrganizerPages>(organizerKey, {
      ...before,
      pages: before.pages.map((page) => ({ ...page, organizerItems: page.organizerItems.map(change) })),
    });
  return before;
}

/**
 * Takes an item out of the cached Organizer at once (it left: done, archived, no longer
 * prioritizable); answers the cache before, to put back.
 */
export function removeOrganizerItem(queryClient: QueryClient, itemId: string): OrganizerPages | undefined {
  const before = queryClient.getQueryData<OrganizerPages>(organizerKey);
  if (before)
    queryClient.setQueryData<OrganizerPages>(organizerKey, {
      ...before,
      pages: before.pages.map((page) => ({
        ...page,
        organizerItems: page.organizerItems.filter((item) => item._id !== itemId),
      })),
    });
  return before;
}

/** The Organizer's pages in the cache (the first one is also fetched early: app/prefetch.ts). */
export function getOrganizerQueryOptions() {
  return infiniteQueryOptions({
    queryKey: organizerKey,
    queryFn: ({ pageParam, signal }) => getOrganizerPage(pageParam, { signal }),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last: OrganizerPage) => last.next,
    ...FRESH_UNTIL_CHANGE,
    // The page shows its own error state with a retry, not the 500 page.
    throwOnError: false,
  });
}

/**
 * The Organizer's items: the first page draws the screen at once, the rest load in the
 * background until both lists are whole. Drops and edits patch this cache optimistically.
 */
export function useOrganizer() {
  const query = useInfiniteQuery({ ...getOrganizerQueryOptions(), select: joinOrganizerPages });
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  return query;
}
