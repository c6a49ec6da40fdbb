import { type Item, ItemSchema, type MoveToNewParentBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refetchItemViews, removeItemFromPanes, restoreSnapshot } from '../../../lib/api/items/item-cache';
import { itemChange } from '../../../lib/item-changes';
import { type Undoable, undoableRequest, useOfferUndo } from '../../../lib/undo';

/** `PUT /api/items/move-to-new-parent`: the item goes last in another box; the answer carries the id that undoes it. */
export function moveToNewParent(body: MoveToNewParentBody): Promise<Undoable<Item>> {
  return undoableRequest<Item>('/api/items/move-to-new-parent', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** A move, and the title of the box it goes to when the caller knows it (for the toast). */
export type MoveToNewParentVariables = MoveToNewParentBody & { toTitle?: string };

/**
 * Moves an item: it leaves its box's pane at once, then every pane refetches (the new box
 * shows it). The move says so once, with Undo: 'Moved to “Kitchen”.' when the box's title is
 * known, else 'Item moved.'.
 */
export function useMoveToNewParent() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    ...itemChange('move-to-box'),
    mutationFn: ({ toTitle: _, ...body }: MoveToNewParentVariables) => moveToNewParent(body),
    onMutate: async ({ itemId }) => ({ before: await removeItemFromPanes(queryClient, itemId) }),
    onSuccess: ({ undoId }, { toTitle }) =>
      offerUndo(undoId, toTitle === undefined ? t('undo.moved') : t('palette.move.done', { title: toTitle })),
    onError: (_error, _body, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}
