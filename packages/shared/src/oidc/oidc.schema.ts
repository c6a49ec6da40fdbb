import { z } from 'zod';
import { LoginResponseSchema } from '../users/user.schema.js';

/** `GET /api/oidc/config`: what the login page offers (public). */
export const OidcConfigSchema = z
  .object({
    enabled: z.boolean().describe('Single sign-on is configured (NESTBOX_OIDC_ISSUER and its client).'),
    name: z.string().describe('The provider as the button names it (NESTBOX_OIDC_NAME).'),
    only: z.boolean().describe('Password sign-in and sign-up are off (NESTBOX_OIDC_ONLY).'),
  })
  .meta({ id: 'OidcConfig' });
export type OidcConfig = z.infer<typeof OidcConfigSchema>;

/**
 * `POST /auth/oidc/session` and `POST /auth/oidc/link`: the session a sign-in through the
 * provider made, as `POST /auth/login` answers it, and where logging out ends the provider's
 * session too (null when the provider offers no end-session endpoint).
 */
export const OidcSessionResponseSchema = LoginResponseSchema.extend({
  endSessionUrl: z.string().nullable(),
}).meta({ id: 'OidcSessionResponse' });
export type OidcSessionResponse = z.infer<typeof OidcSessionResponseSchema>;

/** `GET /auth/oidc/pending-link`: the account a sign-in through the provider found by its address. */
export const OidcPendingLinkSchema = z
  .object({
    email: z.string().describe('The address both the provider and the account hold.'),
    provider: z.string().describe('The provider as the button names it.'),
  })
  .meta({ id: 'OidcPendingLink' });
export type OidcPendingLink = z.infer<typeof OidcPendingLinkSchema>;

/** `POST /auth/oidc/link`: the account's password proves it is the same person's. */
export const OidcLinkBodySchema = z.object({
  password: z
    .string({ error: 'validation.login.password.required' })
    .min(1, { error: 'validation.login.password.required' })
    .max(200, { error: 'validation.password.max' }),
});
export type OidcLinkBody = z.infer<typeof OidcLinkBodySchema>;

/** The identity linked to the signed-in account (`GET /api/users/oidc`). */
export const OidcIdentitySchema = z
  .object({
    id: z.string(),
    email: z.string().nullable().describe('The address the provider gave at the last sign-in.'),
    createdAt: z.number().describe('When it was linked (UTC ms).'),
    lastUsedAt: z.number().nullable().describe('The last sign-in through it (UTC ms).'),
  })
  .meta({ id: 'OidcIdentity' });
export type OidcIdentity = z.infer<typeof OidcIdentitySchema>;

/** `GET /api/users/oidc`: single sign-on as Settings → Security shows it. */
export const OidcStatusSchema = z
  .object({
    enabled: z.boolean(),
    name: z.string(),
    identity: OidcIdentitySchema.nullable(),
    hasPassword: z
      .boolean()
      .describe('The account has a password of its own (one made by single sign-on has none until reset).'),
  })
  .meta({ id: 'OidcStatus' });
export type OidcStatus = z.infer<typeof OidcStatusSchema>;

/** `POST /api/users/oidc/link`: where to send the browser to link an identity. */
export const OidcLinkStartSchema = z
  .object({ url: z.string().describe("The provider's sign-in page, with a single-use state.") })
  .meta({ id: 'OidcLinkStart' });

export const OidcIdentityParamsSchema = z.object({ id: z.string().min(1).max(100) });

export {
  OIDC_DEFAULT_NAME,
  OIDC_LINK_PAGE_RESULTS,
  OIDC_LOGIN_RESULTS,
  OIDC_QUERY,
  type OidcLinkPageResult,
  type OidcLoginResult,
} from './oidc-results.js';
