import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { itemChange } from '../../item-changes';
import { type Undoable, undoableRequest } from '../../undo';
import { getWorkspaceQueryOptions } from '../panes/get-workspace';
import { refetchItemViews, removeItemFromPanes, restoreSnapshot } from './item-cache';

/**
 * `DELETE /api/items/archive`: archives an item; an archived box also leaves the workspace
 * (SPEC §4). The answer carries the id that undoes it.
 */
export function archiveItem(itemId: string): Promise<Undoable<unknown>> {
  return undoableRequest<unknown>('/api/items/archive', {
    method: 'DELETE',
    query: { itemId },
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Asks again for the layout (an archive closes panes), every pane and the item. */
export function refetchAfterArchive(queryClient: QueryClient, itemId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey }),
    refetchItemViews(queryClient, itemId),
  ]);
}

/**
 * Archives an item: it leaves its box's pane at once (and comes back if the server refuses),
 * then the panes and the layout refetch (its own pane may have closed).
 */
export function useArchiveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...itemChange('archive'),
    mutationFn: archiveItem,
    onMutate: async (itemId) => ({ before: await removeItemFromPanes(queryClient, itemId) }),
    onError: (_error, _itemId, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, itemId) => refetchAfterArchive(queryClient, itemId),
  });
}
