import { type PasskeyOptions, PasskeyOptionsSchema } from '@nestbox/shared/passkeys/passkeys.schema';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';
import { creationOptionsOf } from '../../../lib/passkeys';

/**
 * `POST /api/users/passkeys/options`: what the browser needs to make a passkey for the caller
 * (a single-use challenge, good for five minutes; the passkeys they have are excluded).
 */
export async function getPasskeyOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const answer = await apiRequest<PasskeyOptions>('/api/users/passkeys/options', {
    method: 'POST',
    schema: import.meta.env.DEV ? PasskeyOptionsSchema : undefined,
  });
  return creationOptionsOf(answer);
}
