import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schema.js';
import {
  COLOR_SCHEMES,
  OPEN_BOXES_IN,
  ORDER_DIRECTIONS,
  PASSWORD_MIN_LENGTH,
  UNPRIORITIZED_ORDER_COLUMNS,
} from '../constants.js';
import { USER_LOCALES } from '../i18n/locales.js';
import type { MessageKey } from '../i18n/messages.en-gb.js';

const msg = (key: MessageKey) => ({ error: key });

/** The logged-in user (`GET /api/admin/users/get-user`, and the `user` of a login). */
export const UserSchema = z
  .object({
    id: z.string(),
    isAdmin: z.boolean(),
    name: z.string(),
    email: z.string(),
    pendingEmail: z
      .string()
      .nullable()
      .describe(
        'An address change waiting for the link sent to that address (the account keeps `email` until then).',
      ),
    locale: z.enum(USER_LOCALES),
    timezone: z.string().describe('IANA time zone, e.g. Europe/London.'),
    timezoneId: z.string().describe('Same as timezone (kept for the SPEC field name).'),
    location: z.string().nullable(),
    occupation: z.string().nullable(),
    workspace: z.object({
      split: z.number().int(),
      settings: z.object({ tooltipsEnabled: z.boolean(), openBoxesIn: z.enum(OPEN_BOXES_IN) }),
    }),
    organizer: z.object({
      prioritizedSplitPercentage: z.number(),
      unprioritizedListOrderBy: z.enum(UNPRIORITIZED_ORDER_COLUMNS),
      unprioritizedListOrderByDir: z.enum(ORDER_DIRECTIONS),
    }),
    customizations: z
      .object({
        defaultShowCompletedItems: z.boolean().describe("New boxes start with 'Show completed items' on."),
        defaultAutoAddToUnprioritized: z
          .boolean()
          .describe("New boxes start with 'Automatically add new items to my Unprioritized list' on."),
        reminderEmails: z.boolean().describe('An e-mail is sent when one of my reminders fires.'),
        shortcutsEnabled: z.boolean().describe('The web app answers its keyboard shortcuts.'),
        colorScheme: z
          .enum(COLOR_SCHEMES)
          .describe("The web app's colours: `system` follows the device's light or dark setting."),
      })
      .describe('Application Settings → Customizations (stored on the account).'),
  })
  .meta({ id: 'User' });

/** `POST /auth/login` answer. */
export const LoginResponseSchema = z
  .object({ token: z.string(), user: UserSchema })
  .meta({ id: 'LoginResponse' });

/** `PUT /api/admin/users/save-profile`. */
export const SaveProfileBodySchema = z
  .object({
    name: z
      .string(msg('validation.name.required'))
      .trim()
      .min(1, msg('validation.name.required'))
      .max(100, msg('validation.invalidValue')),
    email: z
      .string(msg('validation.required'))
      .trim()
      .min(1, msg('validation.required'))
      .max(254, msg('validation.profile.email.invalid'))
      .regex(EMAIL_PATTERN, msg('validation.profile.email.invalid')),
    timezone: z.string(msg('validation.timezone.required')).min(1, msg('validation.timezone.required')),
    locale: z.enum(USER_LOCALES, msg('validation.required')),
    location: z.string().trim().max(100, msg('validation.invalidValue')).nullish(),
    occupation: z.string().trim().max(100, msg('validation.invalidValue')).nullish(),
    currentPassword: z
      .string()
      .max(200, msg('validation.invalidValue'))
      .optional()
      .describe('Required when `email` changes: the change then waits for the link sent to the new address.'),
  })
  .meta({ id: 'SaveProfileBody' });

/** `PUT /api/admin/users/update-password`. */
export const UpdatePasswordBodySchema = z
  .object({
    currentPassword: z.string(msg('validation.required')).min(1, msg('validation.required')),
    password: z
      .string(msg('validation.reset.password.required'))
      .min(1, msg('validation.reset.password.required'))
      .min(PASSWORD_MIN_LENGTH, msg('validation.password.min'))
      .max(200, msg('validation.password.max')),
  })
  .meta({ id: 'UpdatePasswordBody' });

/** `PUT /api/admin/users/update-language`. */
export const UpdateLanguageBodySchema = z
  .object({ locale: z.enum(USER_LOCALES, msg('validation.invalidValue')) })
  .meta({ id: 'UpdateLanguageBody' });

/** `PUT /api/admin/users/update-customizations`: any of the Customizations switches. */
export const UpdateCustomizationsBodySchema = z
  .object({
    defaultShowCompletedItems: z.boolean(msg('validation.invalidValue')).optional(),
    defaultAutoAddToUnprioritized: z.boolean(msg('validation.invalidValue')).optional(),
    reminderEmails: z.boolean(msg('validation.invalidValue')).optional(),
    shortcutsEnabled: z.boolean(msg('validation.invalidValue')).optional(),
    colorScheme: z.enum(COLOR_SCHEMES, msg('validation.invalidValue')).optional(),
  })
  .meta({ id: 'UpdateCustomizationsBody' });

export type UpdateCustomizationsBody = z.infer<typeof UpdateCustomizationsBodySchema>;
export type User = z.infer<typeof UserSchema>;
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export type SaveProfileBody = z.input<typeof SaveProfileBodySchema>;
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export type UpdateLanguageBody = z.input<typeof UpdateLanguageBodySchema>;

/** Saving the profile or the language: the confirmation, in the language just saved, and the user now. */
export const UserSavedResponseSchema = z
  .object({ message: z.string(), user: UserSchema })
  .meta({ id: 'UserSavedResponse' });
export type UserSavedResponse = z.infer<typeof UserSavedResponseSchema>;

/** `PUT /api/admin/users/update-password`: the change revokes every older token, so the session gets a new one. */
export const UpdatePasswordResponseSchema = z
  .object({ message: z.string(), token: z.string() })
  .meta({ id: 'UpdatePasswordResponse' });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;
