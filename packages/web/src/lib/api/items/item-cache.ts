import type { Item } from '@nestbox/shared/items/item.schema';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { itemKey } from './get-item';
import { ALL_ITEMS_FOR_PANE_KEY, type ItemsForPane } from './get-items-for-pane';
import { paneHolds, paneWithoutItem } from './pane-contents';

/** What the caches held before an optimistic change, to put back if the server refuses it. */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

async function snapshot(queryClient: QueryClient, itemId: string): Promise<CacheSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
    queryClient.cancelQueries({ queryKey: itemKey(itemId) }),
  ]);
  return [
    ...queryClient.getQueriesData<ItemsForPane>({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
    [itemKey(itemId), queryClient.getQueryData<Item>(itemKey(itemId))] as const,
  ];
}

/** Puts the caches back as they were before an optimistic change. */
export function restoreSnapshot(queryClient: QueryClient, before: CacheSnapshot | undefined): void {
  for (const [key, data] of before ?? []) queryClient.setQueryData(key, data);
}

/**
 * Writes what the server answered into every cache that shows the item (the pane of its box,
 * its row in its parent's pane, Item settings), leaving any read under way to finish.
 */
export function patchItemInCaches(queryClient: QueryClient, itemId: string, patch: Partial<Item>): void {
  const apply = (item: Item) => (item._id === itemId ? { ...item, ...patch } : item);
  queryClient.setQueriesData<ItemsForPane>({ queryKey: ALL_ITEMS_FOR_PANE_KEY }, (pane) =>
    pane ? { item: apply(pane.item), items: pane.items.map(apply) } : pane,
  );
  queryClient.setQueryData<Item>(itemKey(itemId), (item) => (item ? apply(item) : item));
}

/**
 * Changes an item at once wherever it shows (the pane of its box, its row in its parent's
 * pane, Item settings), reads under way cancelled first; answers the caches as they were.
 */
export async function patchItemEverywhere(
  queryClient: QueryClient,
  itemId: string,
  patch: Partial<Item>,
): Promise<CacheSnapshot> {
  const before = await snapshot(queryClient, itemId);
  patchItemInCaches(queryClient, itemId, patch);
  return before;
}

/** Takes an item out of every pane's list at once (archived or moved away); answers the caches as they were. */
export async function removeItemFromPanes(queryClient: QueryClient, itemId: string): Promise<CacheSnapshot> {
  const before = await snapshot(queryClient, itemId);
  queryClient.setQueriesData<ItemsForPane>({ queryKey: ALL_ITEMS_FOR_PANE_KEY }, (pane) =>
    pane && paneHolds(pane, itemId) ? paneWithoutItem(pane, itemId) : pane,
  );
  return before;
}

/** Refetches every pane and the item's details after a change the server settled. */
export function refetchItemViews(queryClient: QueryClient, itemId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
    queryClient.invalidateQueries({ queryKey: itemKey(itemId) }),
  ]);
}
