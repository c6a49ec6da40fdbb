import type { UpcomingItem, UpcomingPage } from '@nestbox/shared/upcoming/upcoming.schema';
import { UpcomingResponseSchema } from '@nestbox/shared/upcoming/upcoming.schema';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RERUN_ON_ITEM_CHANGE } from '../../../lib/query-client';

/** Upcoming as loaded so far: its texts in date order, the day the server grouped them on, and whether more follow. */
export interface Upcoming {
  items: UpcomingItem[];
  today: string;
  complete: boolean;
}

type UpcomingPages = InfiniteData<UpcomingPage, string | null>;

export const upcomingKey = ['upcoming'] as const;

/** `GET /api/upcoming`, a page at a time from `cursor` (the previous page's `next`). */
export function getUpcomingPage(cursor: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest<UpcomingPage>(`/api/upcoming${query}`, {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? UpcomingResponseSchema : undefined,
  });
}

/** The pages as one list; a text met twice (dates moved while pages loaded) is kept where first met. */
export function joinUpcomingPages(data: UpcomingPages): Upcoming {
  const seen = new Set<string>();
  const items: UpcomingItem[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return { items, today: data.pages[0]?.today ?? '', complete: data.pages.at(-1)?.next === null };
}

/** Changes Upcoming's cached texts (optimistic changes); answers the cache before, to put back. */
export function patchUpcoming(
  queryClient: QueryClient,
  change: (items: UpcomingItem[]) => UpcomingItem[],
): UpcomingPages | undefined {
  const before = queryClient.getQueryData<UpcomingPages>(upcomingKey);
  if (before)
    queryClient.setQueryData<UpcomingPages>(upcomingKey, {
      ...before,
      pages: before.pages.map((page) => ({ ...page, items: change(page.items) })),
    });
  return before;
}

/** Puts back what patchUpcoming answered. */
export function restoreUpcoming(queryClient: QueryClient, before: UpcomingPages | undefined): void {
  if (before) queryClient.setQueryData(upcomingKey, before);
}

/**
 * Upcoming's texts: the first page at once, later ones when asked for. Any change to any item,
 * here or live from elsewhere, asks again for what is on screen (a date set, a text done).
 */
export function useUpcoming() {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: upcomingKey,
      queryFn: ({ pageParam, signal }) => getUpcomingPage(pageParam, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: UpcomingPage) => last.next,
      ...RERUN_ON_ITEM_CHANGE,
      // The page shows its own error state with a retry, not the 500 page.
      throwOnError: false,
    }),
    select: joinUpcomingPages,
  });
}
