import { type MessageResponse, MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import type { TwoFactorDisableBody } from '@nestbox/shared/two-factor/two-factor.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** `POST /api/users/two-factor/disable`: with the current password or a code. */
export function disableTwoFactor(body: TwoFactorDisableBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/users/two-factor/disable', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
