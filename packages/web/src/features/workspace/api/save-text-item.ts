import { type Item, ItemSchema, type SaveTextItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { apiRequest } from '../../../lib/api-client';
import { itemChange } from '../../../lib/item-changes';

/** `POST /api/items/save-text-item`: saves a text item's text. */
export function saveTextItem(body: SaveTextItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/save-text-item', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Saves a text in the pane of box `parentItemId`: the new text shows at once and is put back on failure. */
export function useSaveTextItem(parentItemId: string) {
  const queryClient = useQueryClient();
  const key = itemsForPaneKey(parentItemId);
  return useMutation({
    ...itemChange('save-text'),
    mutationFn: saveTextItem,
    onMutate: async ({ itemId, title }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ItemsForPane>(key);
      if (before) {
        queryClient.setQueryData<ItemsForPane>(key, {
          ...before,
          items: before.items.map((item) => (item._id === itemId ? { ...item, title } : item)),
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
