import type { CreateItemBody, Item } from '@nestbox/shared/items/item.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';
import { paneWithItem } from './pane-contents';

/** `POST /api/items/create-item` (201): a new box or text inside a box, last or next to an item. */
export function createItem(body: CreateItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/create-item', { method: 'POST', body });
}

/**
 * A new item shown in its box's pane straight away, where the server put it (so it can be
 * edited at once), before or after its anchor, else last; then that pane is refetched.
 */
export async function showCreatedInPane(
  queryClient: QueryClient,
  item: Item,
  { boxId, anchorId, side }: { boxId: string; anchorId: string | undefined; side: 'before' | 'after' },
): Promise<void> {
  const key = itemsForPaneKey(boxId);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<ItemsForPane>(key, (pane) =>
    pane ? paneWithItem(pane, item, { anchorId, side }) : pane,
  );
  void queryClient.invalidateQueries({ queryKey: key });
}

/** Creates an item, shows it in its box's pane straight away, then refetches that pane. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: (item, body) =>
      showCreatedInPane(queryClient, item, {
        boxId: body.parentItemId,
        anchorId: body.relativeToItemId,
        side: body.beforeAfterReplace === 'before' ? 'before' : 'after',
      }),
  });
}
