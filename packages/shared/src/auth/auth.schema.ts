import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { USER_LOCALES } from '../i18n/locales.js';
import type { MessageKey } from '../i18n/messages.en-gb.js';
import { secondFactorCode } from '../two-factor/two-factor-code.js';

/** Messages in these schemas are i18n keys: the server and the web app translate them. */
const msg = (key: MessageKey) => ({ error: key });

/** A standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = (invalid: MessageKey) =>
  z
    .string(msg(invalid))
    .trim()
    .min(1, msg('validation.login.email.required'))
    .max(254, msg(invalid))
    .regex(EMAIL_PATTERN, msg(invalid));

/** `POST /auth/signup`. */
export const SignupBodySchema = z
  .object({
    name: z
      .string(msg('validation.signup.name.required'))
      .trim()
      .min(1, msg('validation.signup.name.required'))
      .max(100, msg('validation.invalidValue')),
    email: email('validation.email.invalid'),
    password: z
      .string(msg('validation.signup.password.min'))
      .min(PASSWORD_MIN_LENGTH, msg('validation.signup.password.min'))
      .max(200, msg('validation.password.max')),
    timezone: z.string().min(1, msg('validation.timezone.required')).optional(),
    locale: z.enum(USER_LOCALES).optional(),
  })
  .meta({ id: 'SignupBody' });

/** `POST /auth/login`. */
export const LoginBodySchema = z
  .object({
    email: z
      .string(msg('validation.login.email.required'))
      .trim()
      .min(1, msg('validation.login.email.required')),
    password: z
      .string(msg('validation.login.password.required'))
      .min(1, msg('validation.login.password.required')),
    rememberMe: z.boolean().default(false),
  })
  .meta({ id: 'LoginBody' });

/** `POST /auth/forgot`. */
export const ForgotBodySchema = z
  .object({ email: email('validation.email.invalid') })
  .meta({ id: 'ForgotBody' });

/** `PUT /user/password-reset`. */
export const PasswordResetBodySchema = z
  .object({
    verifyId: z.string().min(1),
    password: z
      .string(msg('validation.reset.password.required'))
      .min(1, msg('validation.reset.password.required'))
      .min(PASSWORD_MIN_LENGTH, msg('validation.password.min'))
      .max(200, msg('validation.password.max')),
    gRecaptchaResponse: z.string().default(''),
    code: secondFactorCode
      .optional()
      .describe('Required when the account has two-factor codes on: a code from the app or a recovery code.'),
  })
  .meta({ id: 'PasswordResetBody' });

export type SignupBody = z.infer<typeof SignupBodySchema>;
export type LoginBody = z.input<typeof LoginBodySchema>;
export type ForgotBody = z.infer<typeof ForgotBodySchema>;
export type PasswordResetBody = z.input<typeof PasswordResetBodySchema>;

/** `POST /user/activate`. */
export const ActivateBodySchema = z
  .object({ confirmHash: z.string().min(1).max(200) })
  .meta({ id: 'ActivateBody' });

/** `POST /user/resend-activation-link`: by e-mail address, or by the (expired) link's hash. */
export const ResendActivationBodySchema = z
  .object({
    email: email('validation.email.invalid').optional(),
    confirmHash: z.string().min(1).max(200).optional(),
  })
  .refine((body) => Boolean(body.email || body.confirmHash), {
    error: 'validation.login.email.required',
    path: ['email'],
  })
  .meta({ id: 'ResendActivationBody' });

/** `POST /user/password-reset-check`. */
export const PasswordResetCheckBodySchema = z
  .object({ verifyId: z.string().min(1).max(200) })
  .meta({ id: 'PasswordResetCheckBody' });

/** A translated confirmation, e.g. 'Your account has been activated.'. */
export const MessageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

/** A password reset link that can still be used (an unusable one is a 4xx). */
export const PasswordResetCheckResponseSchema = z.object({
  valid: z.literal(true),
  secondFactor: z.boolean().describe('The account has two-factor codes on: the reset asks for a code.'),
});
export type PasswordResetCheckResponse = z.infer<typeof PasswordResetCheckResponseSchema>;

export type ActivateBody = z.infer<typeof ActivateBodySchema>;
export type ResendActivationBody = z.infer<typeof ResendActivationBodySchema>;
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export type PasswordResetCheckBody = z.input<typeof PasswordResetCheckBodySchema>;

/** `GET /api/captcha/config`: which captcha the password reset form shows. */
export const CaptchaConfigSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('altcha') }),
    z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
  ])
  .meta({ id: 'CaptchaConfig' });
export type CaptchaConfig = z.infer<typeof CaptchaConfigSchema>;
