import {
  type Passkey,
  type PasskeyList,
  type PasskeyRenameBody,
  PasskeySchema,
} from '@nestbox/shared/passkeys/passkeys.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

/** `PATCH /api/users/passkeys/:passkeyId`: a new name; 400 with `fields.name` when it is not one. */
export function renamePasskey({ passkeyId, ...body }: PasskeyRenameBody & { passkeyId: string }) {
  return apiRequest<Passkey>(`/api/users/passkeys/${encodeURIComponent(passkeyId)}`, {
    method: 'PATCH',
    body,
    schema: import.meta.env.DEV ? PasskeySchema : undefined,
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: (renamed) =>
      queryClient.setQueryData<PasskeyList>(
        passkeysKey,
        (list) =>
          list && {
            passkeys: list.passkeys.map((passkey) => (passkey.id === renamed.id ? renamed : passkey)),
          },
      ),
  });
}
