import type { RemoveAssociationQuery } from '@nestbox/shared/sharing/sharing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateShares } from './get-users-associated';

/** `DELETE /api/items/remove-association` (owners only; never the last owner). */
export function removeAssociation(query: RemoveAssociationQuery) {
  return apiRequest<{ ok: boolean }>('/api/items/remove-association', {
    method: 'DELETE',
    query: { ...query },
  });
}

/** Stops sharing an item with someone, then refetches its share list. */
export function useRemoveAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAssociation,
    onSettled: (_data, _error, { itemId }) => invalidateShares(queryClient, itemId),
  });
}
