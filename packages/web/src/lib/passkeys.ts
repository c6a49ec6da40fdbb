import type {
  AuthenticationResponse,
  PasskeyOptions,
  RegistrationResponse,
} from '@nestbox/shared/passkeys/passkeys.schema';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { isApiError } from './api-client';

/**
 * What the server's options are: WebAuthn's options as JSON, which the contract keeps as a plain
 * record (the server builds them with `@simplewebauthn/server`, for this library's calls).
 */
export const creationOptionsOf = ({ options }: PasskeyOptions) =>
  options as unknown as PublicKeyCredentialCreationOptionsJSON;
export const requestOptionsOf = ({ options }: PasskeyOptions) =>
  options as unknown as PublicKeyCredentialRequestOptionsJSON;

/**
 * The browser side of WebAuthn (`@simplewebauthn/browser`), loaded when a ceremony starts:
 * never on a page where passkeys cannot work, and off the login page's first load.
 */
export const webAuthn = () => import('@simplewebauthn/browser');

/**
 * Whether passkeys can work on this page: `browser` when the browser has no WebAuthn (or the
 * page is not a secure context), `address` when the page is on an IP address, which browsers
 * never offer passkeys to (and where the server refuses every ceremony, 409 `passkeys.unsupported`).
 */
export function passkeySupport(): 'supported' | 'browser' | 'address' {
  if (typeof globalThis.PublicKeyCredential !== 'function') return 'browser';
  const host = globalThis.location?.hostname ?? '';
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? 'address' : 'supported';
}

/**
 * The browser's answers as the contract types them: the same JSON, which the contract reads as
 * loose objects (a browser may add fields).
 */
export const registrationOf = (response: RegistrationResponseJSON) => response as RegistrationResponse;
export const authenticationOf = (response: AuthenticationResponseJSON) => response as AuthenticationResponse;

/**
 * How the browser's part of a passkey ceremony ended, when it did not give a passkey:
 * - `aborted`: another ceremony took its place, or the page left it (nothing to say);
 * - `cancelled`: the person closed the prompt, or had no passkey to offer (a calm word);
 * - `exists`: this authenticator already holds a passkey of the account (adding only);
 * - `unsupported`: this address cannot have passkeys (an IP address, plain HTTP);
 * - `failed`: anything else the browser or the authenticator refused.
 */
export type PasskeyRefusal = 'aborted' | 'cancelled' | 'exists' | 'unsupported' | 'failed';

/** The browser's refusal in `error`, or `undefined` when the server refused (an ApiError: show its message). */
export function passkeyRefusalOf(error: unknown): PasskeyRefusal | undefined {
  if (isApiError(error)) return undefined;
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const name = error instanceof Error ? error.name : '';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return 'aborted';
  if (name === 'NotAllowedError') return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'exists';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return 'unsupported';
  return 'failed';
}
