import { type Item, ItemSchema, type UnarchiveBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKey } from '../../../lib/api/items/get-item';
import { refetchItemViews } from '../../../lib/api/items/item-cache';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/unarchive`: restores an archived item into a chosen box. */
export function unarchiveItem(body: UnarchiveBody): Promise<Item> {
  return apiRequest<Item>('/api/items/unarchive', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Restores an item; Item settings shows it active again and the panes refetch. */
export function useUnarchiveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(itemKey(item._id), item);
      await refetchItemViews(queryClient, item._id);
    },
  });
}
