import { type Item, ItemSchema } from '@nestbox/shared/items/item.schema';
import {
  type ItemCompletions,
  ItemCompletionsSchema,
  type SetRecurrenceBody,
} from '@nestbox/shared/recurrence/recurrence.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setItemCompleted } from '../../../lib/api/items/complete-item';
import { itemKey } from '../../../lib/api/items/get-item';
import { refetchItemViews } from '../../../lib/api/items/item-cache';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/set-recurrence`: a text's repeat rule, or null to stop it. */
export function setRecurrence(body: SetRecurrenceBody): Promise<Item> {
  return apiRequest<Item>('/api/items/set-recurrence', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Key of a recurring item's completions (Item settings' history). */
export const completionsKey = (itemId: string) => ['item', itemId, 'completions'] as const;

/** `GET /api/items/get-completions`: the occurrences completed, newest first. */
export function useCompletions(itemId: string) {
  return useQuery({
    queryKey: completionsKey(itemId),
    queryFn: ({ signal }) =>
      apiRequest<ItemCompletions>('/api/items/get-completions', {
        method: 'GET',
        query: { itemId },
        signal,
        schema: import.meta.env.DEV ? ItemCompletionsSchema : undefined,
      }),
  });
}

/** Saves a repeat rule: Item settings shows the answer, every view of the item refetches. */
export function useSetRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRecurrence,
    onSuccess: (item) => queryClient.setQueryData(itemKey(item._id), item),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}

/** Ends the repeat and completes the item ('Complete forever'). */
export function useCompleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => setItemCompleted({ itemId, completed: true, forever: true }),
    onSuccess: ({ data }) => queryClient.setQueryData(itemKey(data._id), data),
    onSettled: (_data, _error, itemId) => refetchItemViews(queryClient, itemId),
  });
}
