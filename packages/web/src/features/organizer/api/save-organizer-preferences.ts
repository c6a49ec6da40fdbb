import type { OrderDirection, UnprioritizedOrderColumn } from '@nestbox/shared/constants';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { User } from '@nestbox/shared/users/user.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../lib/api/get-user';
import { apiRequest } from '../../../lib/api-client';
import { organizerKey } from './get-organizer';

type OrganizerPreferences = User['organizer'];

/** `PUT /api/organizer/prioritized-width`: the split between the two lists, in percent. */
export function savePrioritizedWidth(percentage: number): Promise<{ ok: true }> {
  return apiRequest('/api/organizer/prioritized-width', {
    method: 'PUT',
    body: { percentage },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** `PUT /api/organizer/unprioritized-order`. */
export function saveUnprioritizedOrder(order: {
  column: UnprioritizedOrderColumn;
  dir: OrderDirection;
}): Promise<{ ok: true }> {
  return apiRequest('/api/organizer/unprioritized-order', {
    method: 'PUT',
    body: order,
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Writes new Organizer preferences into the logged-in user at once, and back on failure. */
function useOptimisticPreferences<T>(
  save: (value: T) => Promise<unknown>,
  patch: (value: T) => Partial<OrganizerPreferences>,
  onSaved?: (queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  const key = getUserQueryOptions().queryKey;
  return useMutation({
    mutationFn: save,
    onMutate: (value: T) => {
      const before = queryClient.getQueryData<User>(key);
      if (before)
        queryClient.setQueryData<User>(key, {
          ...before,
          organizer: { ...before.organizer, ...patch(value) },
        });
      return { before };
    },
    onError: (_error, _value, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: () => onSaved?.(queryClient),
  });
}

export function useSavePrioritizedWidth() {
  return useOptimisticPreferences(savePrioritizedWidth, (percentage: number) => ({
    prioritizedSplitPercentage: percentage,
  }));
}

export function useSaveUnprioritizedOrder() {
  return useOptimisticPreferences(
    saveUnprioritizedOrder,
    (order: { column: UnprioritizedOrderColumn; dir: OrderDirection }) => ({
      unprioritizedListOrderBy: order.column,
      unprioritizedListOrderByDir: order.dir,
    }),
    // The server pages the list in the saved order: pages still to come follow it from now on.
    (queryClient) => void queryClient.invalidateQueries({ queryKey: organizerKey }),
  );
}
