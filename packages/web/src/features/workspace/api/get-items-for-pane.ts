import { type ItemsForPane, ItemsForPaneResponseSchema } from '@nestbox/shared/items/item.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { FRESH_UNTIL_CHANGE } from '../../../lib/query-client';

/** A box and its visible sub-items, as the shared contract has it (the caches of this feature hold it). */
export type { ItemsForPane };

/** `GET /api/items/get-items-for-pane`: a box and its visible sub-items. */
export function getItemsForPane(itemId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<ItemsForPane>('/api/items/get-items-for-pane', {
    method: 'GET',
    query: { itemId },
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

export function getItemsForPaneQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: itemsForPaneKey(itemId),
    queryFn: ({ signal }) => getItemsForPane(itemId, { signal }),
    ...FRESH_UNTIL_CHANGE,
    // The pane shows its own error in place (SPEC §8 'The items for this Box could not be retrieved.').
    throwOnError: false,
  });
}

/** The contents of the pane showing this box. */
export function useItemsForPane(itemId: string) {
  return useQuery(getItemsForPaneQueryOptions(itemId));
}
