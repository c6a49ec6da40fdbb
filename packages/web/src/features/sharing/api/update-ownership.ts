import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { UpdateOwnershipBody } from '@nestbox/shared/sharing/sharing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateShares } from './get-users-associated';

/** `PUT /api/items/update-ownership` (owners only; never the last owner). */
export function updateOwnership(body: UpdateOwnershipBody) {
  return apiRequest<{ ok: boolean }>('/api/items/update-ownership', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Changes someone's level on an item, then refetches its share list. */
export function useUpdateOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnership,
    onSettled: (_data, _error, { itemId }) => invalidateShares(queryClient, itemId),
  });
}
