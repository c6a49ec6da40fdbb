import { NoBodySchema } from '@nestbox/shared/http/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-admin-users';

/** `DELETE /api/admin/users/:userId/two-factor` (admins): turns someone's codes off, recorded in the audit trail. */
export function resetTwoFactor(userId: string): Promise<undefined> {
  return apiRequest<undefined>(`/api/admin/users/${encodeURIComponent(userId)}/two-factor`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
