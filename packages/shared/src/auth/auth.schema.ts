import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { USER_LOCALES } from '../i18n/locales.js';
import type { MessageKey } from '../i18n/messages.en-gb.js';

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
      .max(100),
    email: email('validation.email.invalid'),
    password: z
      .string(msg('validation.signup.password.min'))
      .min(PASSWORD_MIN_LENGTH, msg('validation.signup.password.min'))
      .max(200),
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
      .max(200),
    gRecaptchaResponse: z.string().default(''),
  })
  .meta({ id: 'PasswordResetBody' });

export type SignupBody = z.infer<typeof SignupBodySchema>;
export type LoginBody = z.input<typeof LoginBodySchema>;
export type ForgotBody = z.infer<typeof ForgotBodySchema>;
export type PasswordResetBody = z.input<typeof PasswordResetBodySchema>;
