import { isIP } from 'node:net';
import type { AuthenticationResponse, RegistrationResponse } from '@nestbox/shared/passkeys/passkeys.schema';
import { PASSKEY_CEREMONY_TTL_MS } from '@nestbox/shared/passkeys/passkeys.schema';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeysTable, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';

/** The WebAuthn library (some 13 MB in memory), loaded by the first ceremony: many servers never hold one. */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Nestbox as a WebAuthn relying party, from `NESTBOX_APP_URL`: its host is the RP ID and its
 * origin the only one a passkey answers for. Browsers offer passkeys to a domain name served
 * over HTTPS or from localhost, never to an IP address: such a server answers 409 to every
 * ceremony, saying so.
 */
export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  const rpID = url.hostname;
  const origin = url.origin;
  const supported = isIP(rpID.replace(/^\[|\]$/g, '')) === 0;

  function requireSupported() {
    if (!supported) throw appErrors.conflict('passkeys.unsupported');
  }

  return {
    /** Options to add a passkey: discoverable, the person verified (PIN, fingerprint, face). */
    async registrationOptions(user: UserRow, existing: readonly PasskeysTable[]) {
      requireSupported();
      return (await webauthn()).generateRegistrationOptions({
        rpName: 'Nestbox',
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: userHandleOf(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credential_id,
          transports: transportsOf(passkey),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: PASSKEY_CEREMONY_TTL_MS,
      });
    },

    /**
     * Options to sign in: any discoverable passkey of this site (`allow` empty), or one of the
     * given ones (the second step). A passkey alone must verify its person; as a second factor
     * its presence is enough.
     */
    async authenticationOptions(allow: readonly PasskeysTable[]) {
      requireSupported();
      return (await webauthn()).generateAuthenticationOptions({
        rpID,
        allowCredentials: allow.map((passkey) => ({
          id: passkey.credential_id,
          transports: transportsOf(passkey),
        })),
        userVerification: allow.length === 0 ? 'required' : 'preferred',
        timeout: PASSKEY_CEREMONY_TTL_MS,
      });
    },

    /** Checks a new passkey's answer to `challenge`: origin, RP ID, user verification, signature. */
    async verifyRegistration(response: RegistrationResponse, challenge: string) {
      return (await webauthn()).verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    },

    /** Checks a sign-in's answer to `challenge` with the stored passkey: signature and counter too. */
    async verifyAuthentication(
      response: AuthenticationResponse,
      challenge: string,
      passkey: PasskeysTable,
      requireUserVerification: boolean,
    ) {
      return (await webauthn()).verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
        requireUserVerification,
      });
    },
  };
}

export type RelyingParty = ReturnType<typeof relyingParty>;

/** The challenge an answer signed, read from its client data; undefined when unreadable. */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | undefined {
  try {
    // Client data is JSON in base64url (WebAuthn §5.8.1).
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The WebAuthn user handle of an account: its id's bytes (no address or name in it). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

/** The account a user handle names, as a browser sends it back (base64url). */
export const userIdOfHandle = (handle: string): string => Buffer.from(handle, 'base64url').toString('utf8');

function transportsOf(passkey: PasskeysTable): string[] | undefined {
  return passkey.transports === null ? undefined : (JSON.parse(passkey.transports) as string[]);
}
