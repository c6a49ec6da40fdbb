import type { CreateItemBody, Item } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';

/** `POST /api/items/create-item` (201): a new box or text inside a box, last or next to an item. */
export function createItem(body: CreateItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/create-item', { method: 'POST', body });
}

/** Places a new item in a pane's list where the server put it, so it can be edited at once. */
function withNewItem(pane: ItemsForPane, item: Item, body: CreateItemBody): ItemsForPane {
  const items = [...pane.items];
  const anchor = body.relativeToItemId ? items.findIndex(({ _id }) => _id === body.relativeToItemId) : -1;
  if (anchor === -1) items.push(item);
  else items.splice(body.beforeAfterReplace === 'before' ? anchor : anchor + 1, 0, item);
  return { ...pane, items };
}

/** Creates an item, shows it in its box's pane straight away, then refetches that pane. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: async (item, body) => {
      const key = itemsForPaneKey(body.parentItemId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ItemsForPane>(key, (pane) => (pane ? withNewItem(pane, item, body) : pane));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
