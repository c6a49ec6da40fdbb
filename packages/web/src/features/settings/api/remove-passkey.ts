import { NoBodySchema } from '@nestbox/shared/http/responses';
import type { PasskeyList } from '@nestbox/shared/passkeys/passkeys.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

/**
 * `DELETE /api/users/passkeys/:passkeyId`: it signs in no more. 409 `passkeys.lastWay` when it
 * is the account's only way in (no password, no other passkey).
 */
export function removePasskey(passkeyId: string): Promise<undefined> {
  return apiRequest<undefined>(`/api/users/passkeys/${encodeURIComponent(passkeyId)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (_answer, passkeyId) =>
      queryClient.setQueryData<PasskeyList>(
        passkeysKey,
        (list) => list && { passkeys: list.passkeys.filter(({ id }) => id !== passkeyId) },
      ),
  });
}
