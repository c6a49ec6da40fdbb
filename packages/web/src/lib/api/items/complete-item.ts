import { formatDate } from '@nestbox/shared/dates/format-date';
import type { Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { itemChange } from '../../item-changes';
import { undoableRequest, useOfferUndo } from '../../undo';
import { useUser } from '../get-user';
import { ALL_ITEMS_FOR_PANE_KEY, type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';
import { paneWithoutItem } from './pane-contents';

/**
 * `PUT /api/items/complete` or `PUT /api/items/uncomplete`: the two sides of one checkbox. A
 * completion's answer carries the id that undoes it. A recurring text's completion names the
 * occurrence it completes (so it advances once, whoever else completes it at the same time),
 * or ends the repeat with `forever`.
 */
export interface CompletionBody {
  itemId: string;
  completed: boolean;
  occurrence?: number | null | undefined;
  forever?: boolean;
}

export function setItemCompleted({ itemId, completed, occurrence, forever }: CompletionBody) {
  return undoableRequest<Item>(completed ? '/api/items/complete' : '/api/items/uncomplete', {
    method: 'PUT',
    body: {
      itemId,
      ...(completed && occurrence != null ? { occurrence } : {}),
      ...(forever ? { forever } : {}),
    },
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** The occurrence a completion of this item completes: its target date, when it repeats. */
export const occurrenceOf = (item: Item | undefined) =>
  item?.recurrence ? (item.priorityTargetDate ?? undefined) : undefined;

/**
 * Ticks or unticks an item in the pane of box `parentItemId` (a repeating text's completion
 * names its occurrence, see occurrenceOf). A completed item leaves the
 * list at once unless the box shows completed items (SPEC §4 visible sub-items). A box's
 * completion reaches everything inside it, so then every open pane is asked again. A
 * completion offers Undo, after which every pane is asked again.
 */
export function useSetItemCompleted(parentItemId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  const user = useUser();
  const describeDay = (at: number) => formatDate(at, user.timezone, user.locale, 'EEEE d MMMM');
  const key = itemsForPaneKey(parentItemId);
  return useMutation({
    ...itemChange('complete'),
    mutationFn: setItemCompleted,
    onMutate: async ({ itemId, completed }: CompletionBody) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ItemsForPane>(key);
      const ticked = before?.items.find((item) => item._id === itemId);
      // A repeating text stays open: its answer brings the next date.
      if (before && ticked && !(completed && occurrenceOf(ticked) !== undefined)) {
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
    onSuccess: ({ data, undoId }, { completed }) => {
      if (!completed) return;
      if (data.recurrence && !data.completed && data.priorityTargetDate !== null) {
        queryClient.setQueryData<ItemsForPane>(
          key,
          (pane) =>
            pane && { ...pane, items: pane.items.map((item) => (item._id === data._id ? data : item)) },
        );
        offerUndo(undoId, t('undo.advanced', { date: describeDay(data.priorityTargetDate) }));
      } else offerUndo(undoId, t('undo.completed'));
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: (_data, _error, _body, context) =>
      queryClient.invalidateQueries({ queryKey: context?.isBox ? ALL_ITEMS_FOR_PANE_KEY : key }),
  });
}
