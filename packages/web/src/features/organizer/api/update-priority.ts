import type { Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem, UpdatePriorityBody } from '@nestbox/shared/organizer/organizer.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { itemChange } from '../../../lib/item-changes';
import { notify } from '../../../lib/notify';
import { type Undoable, undoableRequest, useOfferUndo } from '../../../lib/undo';
import { organizerKey, patchOrganizerItems } from './get-organizer';

/**
 * `PUT /api/items/update-priority`: rank, Today mark and target date of one item. Taking the
 * priority away, or clearing the date, answers the id that undoes it.
 */
export function updatePriority(body: UpdatePriorityBody): Promise<Undoable<Item>> {
  return undoableRequest<Item>('/api/items/update-priority', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Applies a priority change to one Organizer row, the way the server will. */
export function applyPriorityChange(item: OrganizerItem, body: UpdatePriorityBody): OrganizerItem {
  return {
    ...item,
    prioritizable: true,
    priority: body.priority,
    markedAsForToday: body.priority === null ? false : (body.markedAsForToday ?? item.markedAsForToday),
    priorityTargetDate:
      body.priorityTargetDate === undefined ? item.priorityTargetDate : body.priorityTargetDate,
    targetHasTime:
      body.priorityTargetDate === undefined
        ? item.targetHasTime
        : body.priorityTargetDate === null
          ? null
          : (body.targetHasTime ?? null),
  };
}

/**
 * Moves a row at once (optimistic), then saves; a failure puts the row back and says so.
 * Callers chain a reindex through `mutateAsync` when the shared rule asks for one. Clearing
 * the date or unprioritising offers Undo, after which the Organizer is asked again.
 */
export function useUpdatePriority() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    ...itemChange('priority'),
    mutationFn: updatePriority,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: organizerKey });
      const before = patchOrganizerItems(queryClient, (item) =>
        item._id === body.itemId ? applyPriorityChange(item, body) : item,
      );
      return { before };
    },
    onSuccess: ({ undoId }, body) =>
      offerUndo(
        undoId,
        t(
          body.priorityTargetDate === null
            ? 'undo.targetDateCleared'
            : body.priority === null
              ? 'undo.unprioritized'
              : 'undo.targetDateMoved',
        ),
      ),
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(organizerKey, context.before);
      if (isApiError(error) && (error.canceled || error.told)) return;
      notify({ type: 'error', message: t('error.generic') });
    },
  });
}
