import {
  type RecoveryCodes,
  RecoveryCodesSchema,
  type TwoFactorCodeBody,
} from '@nestbox/shared/two-factor/two-factor.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** `POST /api/users/two-factor/recovery-codes`: ten new codes for a code; the old ones stop working. */
export function regenerateRecoveryCodes(body: TwoFactorCodeBody): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/api/users/two-factor/recovery-codes', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? RecoveryCodesSchema : undefined,
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
