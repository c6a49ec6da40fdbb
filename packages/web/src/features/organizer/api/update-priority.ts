import type { Item } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem, UpdatePriorityBody } from '@nestbox/shared/organizer/organizer.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { organizerKey, patchOrganizerItems } from './get-organizer';

/** `PUT /api/items/update-priority`: rank, Today mark and target date of one item. */
export function updatePriority(body: UpdatePriorityBody): Promise<Item> {
  return apiRequest<Item>('/api/items/update-priority', { method: 'PUT', body });
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
  };
}

/**
 * Moves a row at once (optimistic), then saves; a failure puts the row back and says so.
 * Callers chain a reindex through `mutateAsync` when the shared rule asks for one.
 */
export function useUpdatePriority() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: updatePriority,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: organizerKey });
      const before = patchOrganizerItems(queryClient, (item) =>
        item._id === body.itemId ? applyPriorityChange(item, body) : item,
      );
      return { before };
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(organizerKey, context.before);
      if (isApiError(error) && error.canceled) return;
      notify({ type: 'error', message: t('error.generic') });
    },
  });
}
