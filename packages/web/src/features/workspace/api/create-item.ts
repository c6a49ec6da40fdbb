import type { CreateItemBody, Item } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';
import { paneWithItem } from './pane-contents';

/** `POST /api/items/create-item` (201): a new box or text inside a box, last or next to an item. */
export function createItem(body: CreateItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/create-item', { method: 'POST', body });
}

/** Creates an item, shows it in its box's pane straight away, then refetches that pane. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: async (item, body) => {
      const key = itemsForPaneKey(body.parentItemId);
      await queryClient.cancelQueries({ queryKey: key });
      // Where the server put it, so it can be edited at once.
      queryClient.setQueryData<ItemsForPane>(key, (pane) =>
        pane
          ? paneWithItem(pane, item, {
              anchorId: body.relativeToItemId,
              side: body.beforeAfterReplace === 'before' ? 'before' : 'after',
            })
          : pane,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
