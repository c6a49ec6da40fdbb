import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { AssociateUserBody } from '@nestbox/shared/sharing/sharing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateShares } from './get-users-associated';

/** `PUT /api/items/associate-user` (owners only; 409 when already shared). */
export function associateUser(body: AssociateUserBody) {
  return apiRequest<{ ok: boolean }>('/api/items/associate-user', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Shares an item with someone, then refetches its share list. */
export function useAssociateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateUser,
    onSettled: (_data, _error, { itemId }) => invalidateShares(queryClient, itemId),
  });
}
