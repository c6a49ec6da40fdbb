import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';

const msg = (key: MessageKey) => ({ error: key });

/** Passkeys one person may keep. */
export const MAX_PASSKEYS = 20;

/** How long a passkey ceremony (its challenge) may wait for the authenticator. */
export const PASSKEY_CEREMONY_TTL_MS = 5 * 60_000;

/** Binary fields of a WebAuthn answer, base64url as `@simplewebauthn/browser` sends them. */
const base64url = z
  .string()
  .max(16_384, msg('passkeys.failed'))
  .regex(/^[A-Za-z0-9_-]*$/, msg('passkeys.failed'));

/** A credential as the browser library sends it: ids, type and extension results around `response`. */
const credentialJson = <Response extends z.ZodType>(response: Response) =>
  z.looseObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key', msg('passkeys.failed')),
    response,
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  });

/** The browser's answer to `navigator.credentials.create()`, as JSON (`RegistrationResponseJSON`). */
export const RegistrationResponseSchema = credentialJson(
  z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
).meta({ id: 'PasskeyRegistrationResponse' });

/** The browser's answer to `navigator.credentials.get()`, as JSON (`AuthenticationResponseJSON`). */
export const AuthenticationResponseSchema = credentialJson(
  z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
).meta({ id: 'PasskeyAuthenticationResponse' });

/**
 * What to hand `startRegistration()` / `startAuthentication()` of `@simplewebauthn/browser`:
 * WebAuthn's options as JSON, with a single-use challenge good for five minutes.
 */
export const PasskeyOptionsSchema = z
  .object({ options: z.record(z.string(), z.unknown()) })
  .meta({ id: 'PasskeyOptions' });

const passkeyName = z
  .string(msg('validation.passkeyName.required'))
  .trim()
  .min(1, msg('validation.passkeyName.required'))
  .max(100, msg('validation.passkeyName.tooLong'));

/** One of the caller's passkeys. */
export const PasskeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.number().describe('When it was added (UTC ms).'),
    lastUsedAt: z.number().nullable().describe('When it last signed in (UTC ms); null when never.'),
    backedUp: z.boolean().describe('Synced by its provider (iCloud Keychain, Google Password Manager…).'),
  })
  .meta({ id: 'Passkey' });

/** `GET /api/users/passkeys`, newest first. */
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) }).meta({ id: 'PasskeyList' });

/** `POST /api/users/passkeys`: the authenticator's answer, and a name (one is given when absent). */
export const PasskeyCreateBodySchema = z
  .object({ response: RegistrationResponseSchema, name: passkeyName.optional() })
  .meta({ id: 'PasskeyCreateBody' });

/** `PATCH /api/users/passkeys/:passkeyId`. */
export const PasskeyRenameBodySchema = z.object({ name: passkeyName }).meta({ id: 'PasskeyRenameBody' });

export const PasskeyParamsSchema = z.object({ passkeyId: z.uuid(msg('error.notFound')) });

/** `POST /auth/passkey`: a sign-in with a passkey alone. */
export const PasskeyLoginBodySchema = z
  .object({ response: AuthenticationResponseSchema, rememberMe: z.boolean().optional() })
  .meta({ id: 'PasskeyLoginBody' });

/** `POST /auth/login/second-factor/passkey/options`: the second step's token. */
export const SecondStepTokenBodySchema = z
  .object({ token: z.string().min(1).max(2000) })
  .meta({ id: 'SecondStepTokenBody' });

/** `POST /auth/login/second-factor/passkey`: the second step met with a passkey. */
export const PasskeySecondFactorBodySchema = z
  .object({ token: z.string().min(1).max(2000), response: AuthenticationResponseSchema })
  .meta({ id: 'PasskeySecondFactorBody' });

export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;
export type Passkey = z.infer<typeof PasskeySchema>;
export type PasskeyList = z.infer<typeof PasskeyListSchema>;
export type PasskeyCreateBody = z.input<typeof PasskeyCreateBodySchema>;
export type PasskeyRenameBody = z.infer<typeof PasskeyRenameBodySchema>;
export type PasskeyLoginBody = z.input<typeof PasskeyLoginBodySchema>;
export type PasskeySecondFactorBody = z.input<typeof PasskeySecondFactorBodySchema>;
