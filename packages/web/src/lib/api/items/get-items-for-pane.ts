import { PANE_FIRST_PAGE, PANE_NEXT_PAGE } from '@nestbox/shared/constants';
import { type ItemsForPane, ItemsForPaneResponseSchema } from '@nestbox/shared/items/item.schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest } from '../../api-client';
import { FRESH_UNTIL_CHANGE } from '../../query-client';
import { isPaneComplete, paneFromFirstPage, paneWithPage } from './pane-contents';

/** A box and its visible sub-items, as the shared contract has it (the caches of this feature hold it). */
export type { ItemsForPane };

/**
 * `GET /api/items/get-items-for-pane`: a box and its visible sub-items, all of them or a page
 * (`limit` from `offset`; from offset 0 the box carries the order of every one).
 */
export function getItemsForPane(
  itemId: string,
  page: { limit?: number; offset?: number } = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest<ItemsForPane>('/api/items/get-items-for-pane', {
    method: 'GET',
    query: { itemId, limit: page.limit, offset: page.offset },
    signal,
    schema: import.meta.env.DEV ? ItemsForPaneResponseSchema : undefined,
  });
}

/** Key of one box's pane contents; every change to that box or its children invalidates it. */
export function itemsForPaneKey(itemId: string) {
  return ['items-for-pane', itemId] as const;
}

/** Prefix of every pane's contents, for changes that may show in several panes (a box title). */
export const ALL_ITEMS_FOR_PANE_KEY = ['items-for-pane'] as const;

/**
 * Reads a box's contents a page at a time into the cache: the first page (the order of every
 * row, and a screenful of them) draws the whole list at once, with placeholders for the rest;
 * the later pages fill it in, each parsed and drawn in a task of its own, so even a box of
 * 20,000 items never holds the page for long. Each page is merged into what the cache holds
 * when it arrives, so changes made meanwhile (this tab's, live events) are kept, and rows
 * already shown stay until their page replaces them. A load that is cancelled writes nothing
 * more.
 */
async function loadItemsForPane(queryClient: QueryClient, itemId: string, signal: AbortSignal) {
  const key = itemsForPaneKey(itemId);
  const first = await getItemsForPane(itemId, { limit: PANE_FIRST_PAGE }, { signal });
  let contents = paneFromFirstPage(first, queryClient.getQueryData<ItemsForPane>(key));
  let offset = first.next;
  while (!signal.aborted) {
    queryClient.setQueryData<ItemsForPane>(key, contents);
    if (typeof offset !== 'number') break;
    const page = await getItemsForPane(itemId, { limit: PANE_NEXT_PAGE, offset }, { signal });
    contents = paneWithPage(queryClient.getQueryData<ItemsForPane>(key) ?? contents, page.items);
    offset = page.next;
  }
  return contents;
}

export function getItemsForPaneQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: itemsForPaneKey(itemId),
    queryFn: ({ client, signal }) => loadItemsForPane(client, itemId, signal),
    ...FRESH_UNTIL_CHANGE,
    // The pane shows its own error in place (SPEC §8 'The items for this Box could not be retrieved.').
    throwOnError: false,
  });
}

/**
 * The contents of the pane showing this box, and whether they are `complete` (every row
 * loaded). Contents left incomplete with no load under way (a load cancelled by a change, or
 * a box changed between two pages) are read again.
 */
export function useItemsForPane(itemId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...getItemsForPaneQueryOptions(itemId), enabled });
  const { data, isFetching, isError, refetch } = query;
  const complete = useMemo(() => data !== undefined && isPaneComplete(data), [data]);
  useEffect(() => {
    if (enabled && data !== undefined && !complete && !isFetching && !isError) void refetch();
  }, [enabled, data, complete, isFetching, isError, refetch]);
  return { ...query, complete };
}
