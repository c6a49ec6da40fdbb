import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';
import { LoginResponseSchema } from '../users/user.schema.js';
import { secondFactorCode } from './two-factor-code.js';

export { isAppCode, secondFactorCode } from './two-factor-code.js';

const msg = (key: MessageKey) => ({ error: key });

/** Recovery codes made at enrolment, and again each time they are regenerated. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the second step of a sign-in may wait for its code. */
export const SECOND_FACTOR_TTL_MS = 5 * 60_000;

/** `GET /api/users/two-factor`: whether the caller's two-factor codes are on. */
export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.number().nullable().describe('When they were turned on (UTC ms); null when off.'),
    recoveryCodesLeft: z.number().int().describe('Recovery codes not used yet.'),
  })
  .meta({ id: 'TwoFactorStatus' });

/** `POST /api/users/two-factor/setup`: a new secret to put in an authenticator app. */
export const TwoFactorSetupSchema = z
  .object({
    secret: z.string().describe('The secret in base32, to type into the app by hand.'),
    uri: z.string().describe('`otpauth://totp/Nestbox:<email>?secret=…&issuer=Nestbox`.'),
    qrSvg: z.string().describe('The URI as a QR code, an SVG document.'),
  })
  .meta({ id: 'TwoFactorSetup' });

/** A code alone: confirming enrolment, regenerating the recovery codes. */
export const TwoFactorCodeBodySchema = z.object({ code: secondFactorCode }).meta({ id: 'TwoFactorCodeBody' });

/** `POST /api/users/two-factor/disable`: the current password or a code. */
export const TwoFactorDisableBodySchema = z
  .object({
    currentPassword: z.string().max(200, msg('validation.invalidValue')).optional(),
    code: secondFactorCode.optional(),
  })
  .refine((body) => Boolean(body.currentPassword || body.code), {
    error: 'validation.secondFactor.proof.required',
    path: ['code'],
  })
  .meta({ id: 'TwoFactorDisableBody' });

/** The recovery codes, shown this once (only their hashes are kept). */
export const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .meta({ id: 'RecoveryCodes' });

/** `POST /auth/login` when two-factor codes are on: the password was right, a code is needed. */
export const SecondFactorRequiredSchema = z
  .object({
    secondFactor: z.object({
      token: z.string().describe('Send it with the code to `POST /auth/login/second-factor`.'),
      expiresAt: z.number().describe('When it stops working (UTC ms), five minutes on.'),
    }),
  })
  .meta({ id: 'SecondFactorRequired' });

/** `POST /auth/login`: a session, or the second step it waits for. */
export const LoginAnswerSchema = z.union([LoginResponseSchema, SecondFactorRequiredSchema]);

/** `POST /auth/login/second-factor`. */
export const SecondFactorLoginBodySchema = z
  .object({ token: z.string().min(1).max(2000), code: secondFactorCode })
  .meta({ id: 'SecondFactorLoginBody' });

/** One account in the administrators' list. */
export const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    active: z.boolean().describe('Activated: the address was proven.'),
    twoFactor: z.boolean().describe('Two-factor codes are on.'),
  })
  .meta({ id: 'AdminUser' });

/** How many accounts a page of the administrators' list holds. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** `GET /api/admin/users`. */
export const AdminUsersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(254, msg('validation.invalidValue'))
    .optional()
    .describe('Part of a name or address.'),
  after: z.string().max(254).optional().describe('The `next` of the previous page.'),
});

/** A page of accounts, by address. */
export const AdminUsersPageSchema = z
  .object({
    users: z.array(AdminUserSchema),
    next: z.string().nullable().describe('The `after` of the following page; null on the last.'),
  })
  .meta({ id: 'AdminUsersPage' });

/** `DELETE /api/admin/users/:userId/two-factor`. */
export const AdminUserParamsSchema = z.object({ userId: z.uuid(msg('error.notFound')) });

export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;
export type TwoFactorDisableBody = z.input<typeof TwoFactorDisableBodySchema>;
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
export type SecondFactorRequired = z.infer<typeof SecondFactorRequiredSchema>;
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;
export type SecondFactorLoginBody = z.infer<typeof SecondFactorLoginBodySchema>;
export type AdminUser = z.infer<typeof AdminUserSchema>;
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;
