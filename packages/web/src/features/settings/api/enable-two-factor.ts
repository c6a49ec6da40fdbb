import {
  type RecoveryCodes,
  RecoveryCodesSchema,
  type TwoFactorCodeBody,
} from '@nestbox/shared/two-factor/two-factor.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** `POST /api/users/two-factor/enable`: a code confirms the enrolment; answers the recovery codes, this once. */
export function enableTwoFactor(body: TwoFactorCodeBody): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/api/users/two-factor/enable', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? RecoveryCodesSchema : undefined,
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
