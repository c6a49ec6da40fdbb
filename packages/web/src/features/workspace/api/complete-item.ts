import type { Item } from '@nestbox/shared/items/item.schema';
import { isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { undoableRequest, useOfferUndo } from '../../../lib/undo';
import { ALL_ITEMS_FOR_PANE_KEY, type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';
import { paneWithoutItem } from './pane-contents';

/**
 * `PUT /api/items/complete` or `PUT /api/items/uncomplete`: the two sides of one checkbox. A
 * completion's answer carries the id that undoes it.
 */
export function setItemCompleted({ itemId, completed }: { itemId: string; completed: boolean }) {
  return undoableRequest<Item>(completed ? '/api/items/complete' : '/api/items/uncomplete', {
    method: 'PUT',
    body: { itemId },
  });
}

/**
 * Ticks or unticks an item in the pane of box `parentItemId`. A completed item leaves the
 * list at once unless the box shows completed items (SPEC §4 visible sub-items). A box's
 * completion reaches everything inside it, so then every open pane is asked again. A
 * completion offers Undo, after which every pane is asked again.
 */
export function useSetItemCompleted(parentItemId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  const key = itemsForPaneKey(parentItemId);
  return useMutation({
    mutationFn: setItemCompleted,
    onMutate: async ({ itemId, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ItemsForPane>(key);
      const ticked = before?.items.find((item) => item._id === itemId);
      if (before && ticked) {
        const changed = { ...ticked, completed };
        queryClient.setQueryData<ItemsForPane>(
          key,
          isVisibleSubItem(changed, before.item.settings.showCompletedItems)
            ? { ...before, items: before.items.map((item) => (item === ticked ? changed : item)) }
            : paneWithoutItem(before, itemId),
        );
      }
      const isBox = ticked?.itemType === 'todoBox';
      return { before, isBox };
    },
    onSuccess: ({ undoId }, { completed }) => {
      if (completed) offerUndo(undoId, t('undo.completed'));
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: (_data, _error, _body, context) =>
      queryClient.invalidateQueries({ queryKey: context?.isBox ? ALL_ITEMS_FOR_PANE_KEY : key }),
  });
}
