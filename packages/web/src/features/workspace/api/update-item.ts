import type { Item, UpdateItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';

/** `PUT /api/items/update-item`: the caller's own state of an item (here: the favourite star). */
export function updateItem(body: UpdateItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/update-item', { method: 'PUT', body });
}

/** Stars or unstars the box a pane shows; the star follows at once. */
export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onMutate: async ({ itemId, favourited }) => {
      const key = itemsForPaneKey(itemId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ItemsForPane>(key);
      if (before && favourited !== undefined) {
        queryClient.setQueryData<ItemsForPane>(key, { ...before, item: { ...before.item, favourited } });
      }
      return { before };
    },
    onError: (_error, { itemId }, context) => {
      if (context?.before) queryClient.setQueryData(itemsForPaneKey(itemId), context.before);
    },
    onSettled: (_data, _error, { itemId }) =>
      queryClient.invalidateQueries({ queryKey: itemsForPaneKey(itemId) }),
  });
}
