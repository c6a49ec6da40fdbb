import { type Item, ItemSchema, type SaveTextItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { apiRequest } from '../../../lib/api-client';
import { itemChange } from '../../../lib/item-changes';
import { rememberSavedText } from '../../../lib/saved-texts';

/**
 * `POST /api/items/save-text-item`: saves a text item's text. The words are remembered as they
 * are sent: the server may tell of another device replacing them before this page has read
 * its answer.
 */
export function saveTextItem(body: SaveTextItemBody): Promise<Item> {
  rememberSavedText(body.itemId, body.title);
  return apiRequest<Item>('/api/items/save-text-item', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/**
 * Saves a text in the pane of box `parentItemId`: the new text shows at once and is put back
 * on failure. A change names the text it was made from (`startedFrom`), so that a save over
 * another device's newer text is told to that device.
 */
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
