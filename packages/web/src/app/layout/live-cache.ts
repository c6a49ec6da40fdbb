import type { Item } from '@nestbox/shared/items/item.schema';
import { isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import type { AddItemEvent, UpdateItemEvent } from '@nestbox/shared/realtime/events';
import type { QueryClient } from '@tanstack/react-query';
import { itemKey } from '../../lib/api/items/get-item';
import {
  ALL_ITEMS_FOR_PANE_KEY,
  type ItemsForPane,
  itemsForPaneKey,
} from '../../lib/api/items/get-items-for-pane';
import { paneHolds, paneWithItem, paneWithoutItem } from '../../lib/api/items/pane-contents';
import { getWorkspaceQueryOptions } from '../../lib/api/panes/get-workspace';

/*
 * Another client's change, applied to what this tab holds (SPEC §4 "Live socket events").
 * The cached panes are patched at once so the change shows without a round trip; the panes
 * it touches are then refetched in the background, because an event does not carry
 * everything (a new item's place among its siblings, the caller's own state of a newly
 * visible item) and delivery is at most once.
 */

function panes(queryClient: QueryClient) {
  return queryClient.getQueriesData<ItemsForPane>({ queryKey: ALL_ITEMS_FOR_PANE_KEY });
}

function refetchPane(queryClient: QueryClient, boxId: string) {
  void queryClient.invalidateQueries({ queryKey: itemsForPaneKey(boxId) });
}

/** `ADD_ITEM`: the item shows at the end of its box's pane until the pane is refetched in order. */
export function applyAddItem(queryClient: QueryClient, { item, parentItemId }: AddItemEvent) {
  const parentPane = parentItemId
    ? queryClient.getQueryData<ItemsForPane>(itemsForPaneKey(parentItemId))
    : undefined;
  if (parentItemId && parentPane) {
    if (
      !paneHolds(parentPane, item._id) &&
      isVisibleSubItem(item, parentPane.item.settings.showCompletedItems)
    ) {
      queryClient.setQueryData<ItemsForPane>(itemsForPaneKey(parentItemId), paneWithItem(parentPane, item));
    }
    refetchPane(queryClient, parentItemId);
    return;
  }
  // Not in an open pane of its own parent: an item shared with this user shows in their root box.
  for (const [queryKey, pane] of panes(queryClient)) {
    if (pane?.item.isRootBox) void queryClient.invalidateQueries({ queryKey });
  }
}

/** `UPDATE_ITEM`: shared fields patched in place, the item dropped where it no longer shows. */
export function applyUpdateItem(
  queryClient: QueryClient,
  { itemId, updatedFields, removedFields }: UpdateItemEvent,
) {
  const lostAccess = removedFields.includes('access');
  const levelChanged = !lostAccess && Object.keys(updatedFields).length === 0;

  for (const [queryKey, pane] of panes(queryClient)) {
    if (!pane) continue;
    const boxId = pane.item._id;
    if (boxId === itemId) {
      if (lostAccess || levelChanged) void queryClient.invalidateQueries({ queryKey });
      else
        queryClient.setQueryData<ItemsForPane>(queryKey, {
          ...pane,
          item: { ...pane.item, ...updatedFields },
        });
      continue;
    }
    const child = pane.items.find((item) => item._id === itemId);
    if (child) {
      if (lostAccess) {
        queryClient.setQueryData(queryKey, paneWithoutItem(pane, itemId));
        continue;
      }
      const patched: Item = { ...child, ...updatedFields };
      const stays =
        patched.parentItemId === boxId && isVisibleSubItem(patched, pane.item.settings.showCompletedItems);
      queryClient.setQueryData<ItemsForPane>(
        queryKey,
        stays
          ? { ...pane, items: pane.items.map((item) => (item._id === itemId ? patched : item)) }
          : paneWithoutItem(pane, itemId),
      );
      if (levelChanged) void queryClient.invalidateQueries({ queryKey });
      // A read of the pane already under way may have begun before this change: its answer
      // would put the old fields back, so it is given up (keeping the patch) for a new read.
      else if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching')
        void queryClient
          .cancelQueries({ queryKey }, { revert: false })
          .then(() => queryClient.invalidateQueries({ queryKey }));
    } else if (paneHolds(pane, itemId)) {
      // A row still loading has nothing to patch: it goes with the user's access, else the
      // pane is read again and brings it as it is now.
      if (lostAccess) queryClient.setQueryData(queryKey, paneWithoutItem(pane, itemId));
      else void queryClient.invalidateQueries({ queryKey });
    } else if (updatedFields.parentItemId === boxId) {
      // Moved (or restored) into a box this tab shows: its place there comes with the refetch.
      void queryClient.invalidateQueries({ queryKey });
    }
  }
  // Item settings, if open on it: patched like a row, refetched when the caller's view changed.
  if (lostAccess || levelChanged) void queryClient.invalidateQueries({ queryKey: itemKey(itemId) });
  else
    queryClient.setQueryData<Item>(itemKey(itemId), (item) => (item ? { ...item, ...updatedFields } : item));
  if (lostAccess || (updatedFields.archivedDate ?? null) !== null) {
    // A pane showing the item itself may have gone from the workspace.
    void queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey });
  }
}
