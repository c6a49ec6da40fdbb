import { type Item, ItemSchema, type MoveToNewParentBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refetchItemViews, removeItemFromPanes, restoreSnapshot } from './item-cache';

/** `PUT /api/items/move-to-new-parent`: the item goes last in another box. */
export function moveToNewParent(body: MoveToNewParentBody): Promise<Item> {
  return apiRequest<Item>('/api/items/move-to-new-parent', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Moves an item: it leaves its box's pane at once, then every pane refetches (the new box shows it). */
export function useMoveToNewParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToNewParent,
    onMutate: async ({ itemId }) => ({ before: await removeItemFromPanes(queryClient, itemId) }),
    onError: (_error, _body, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}
