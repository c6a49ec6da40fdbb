import { type Item, ItemSchema, type UpdateItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { itemChange } from '../../item-changes';
import { type Undoable, undoableRequest, useOfferUndo } from '../../undo';
import { patchItemEverywhere, refetchItemViews, restoreSnapshot } from './item-cache';

/**
 * `PUT /api/items/update-item`: the caller's own state of an item, and the shared target date.
 * Setting, moving or clearing the date, or taking away the item's priority, answers the id that
 * undoes it.
 */
export function updateItem(body: UpdateItemBody): Promise<Undoable<Item>> {
  return undoableRequest<Item>('/api/items/update-item', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/**
 * The one way to change an item's fields (favourite, prioritizable, target date): the change
 * shows at once everywhere the item shows (its pane, its row in its parent's pane, Item
 * settings), is put back if the server refuses it, and every view refetches once it settled.
 * A change of the target date, or one that loses a priority, offers Undo.
 */
export function useUpdateItem() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    ...itemChange('update'),
    mutationFn: updateItem,
    onMutate: async ({ itemId, ...fields }: UpdateItemBody) => {
      const patch = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      return { before: await patchItemEverywhere(queryClient, itemId, patch) };
    },
    onSuccess: ({ undoId }, { priorityTargetDate }) =>
      offerUndo(
        undoId,
        t(
          priorityTargetDate === null
            ? 'undo.targetDateCleared'
            : priorityTargetDate === undefined
              ? 'undo.unprioritized'
              : 'undo.targetDateMoved',
        ),
      ),
    onError: (_error, _body, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}
