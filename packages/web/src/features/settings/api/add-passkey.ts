import {
  type Passkey,
  type PasskeyCreateBody,
  type PasskeyList,
  PasskeySchema,
} from '@nestbox/shared/passkeys/passkeys.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrationOf, webAuthn } from '../../../lib/passkeys';
import { getPasskeyOptions } from './get-passkey-options';
import { passkeysKey } from './get-passkeys';

/**
 * `POST /api/users/passkeys`: the authenticator's answer (and a name; the server gives one when
 * absent). 400 `passkeys.failed` or `passkeys.expired`, 409 `passkeys.exists` or `passkeys.tooMany`.
 */
export function addPasskey(body: PasskeyCreateBody): Promise<Passkey> {
  return apiRequest<Passkey>('/api/users/passkeys', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? PasskeySchema : undefined,
  });
}

/**
 * Adds a passkey: the server's options, the browser's prompt (fingerprint, face, PIN or a
 * security key), then the answer; the new passkey goes first in the list. A prompt the person
 * closes fails with a `NotAllowedError` (see lib/passkeys).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await getPasskeyOptions();
      const { startRegistration } = await webAuthn();
      const response = await startRegistration({ optionsJSON });
      return addPasskey({ response: registrationOf(response) });
    },
    onSuccess: (passkey) =>
      queryClient.setQueryData<PasskeyList>(
        passkeysKey,
        (list) => list && { passkeys: [passkey, ...list.passkeys.filter(({ id }) => id !== passkey.id)] },
      ),
  });
}
