import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import {
  SaveProfileBodySchema,
  UpdateCustomizationsBodySchema,
  UpdateLanguageBodySchema,
  UpdatePasswordBodySchema,
  UpdatePasswordResponseSchema,
  UserSavedResponseSchema,
  UserSchema,
} from '@nestbox/shared/users/user.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import { currentToken, currentUser } from '../../http/request-context.js';
import { translate } from '../../i18n/translate.js';
import { signSessionToken } from '../auth/auth.service.js';
import { presentUser } from './users.presenter.js';
import type { UsersService } from './users.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

/** The logged-in user's own account (API.md "User"). */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  authenticate: onRequestAsyncHookHandler;
  jwtSecret: string;
  now: Clock;
}> = async (app, { users, authenticate, jwtSecret, now }) => {
  const tags = ['user'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/admin/users/get-user',
    {
      schema: {
        tags,
        security,
        summary: 'The logged-in user',
        response: { 200: UserSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => presentUser(currentUser(request), now()),
  );

  app.put(
    '/api/admin/users/save-profile',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary:
          'Save name, time zone, language, location and occupation; a new e-mail address (with the current password) waits for the link sent to it',
        body: SaveProfileBodySchema,
        response: { 200: UserSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, emailChangePending } = await users.saveProfile(
        currentUser(request),
        request.body,
        request.ip,
      );
      const locale = userLocaleOf(user.locale);
      return {
        message: emailChangePending
          ? translate(locale, 'profile.emailChangePending', { email: emailChangePending })
          : translate(locale, 'profile.saved'),
        user: presentUser(user, now()),
      };
    },
  );

  app.put(
    '/api/admin/users/update-password',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Change the password; every other session ends, this one gets a new token',
        body: UpdatePasswordBodySchema,
        response: { 200: UpdatePasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await users.updatePassword(
        currentUser(request),
        request.body,
        request.ip,
        currentToken(request).id,
      );
      const token = await signSessionToken(
        jwtSecret,
        {
          userId: user.id,
          tokenVersion: user.token_version,
          rememberMe: request.sessionRemembered,
        },
        now(),
      );
      return { message: translate(request.locale, 'password.changed'), token };
    },
  );

  app.put(
    '/api/admin/users/update-language',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Switch the interface language',
        body: UpdateLanguageBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await users.updateLanguage(currentUser(request), request.body.locale);
      return { message: translate(request.body.locale, 'info.saved') };
    },
  );

  // Customizations: defaults for new boxes and reminder e-mails. Like the language (which
  // reminder e-mails are written in), an account setting: a session's, never an API token's.
  app.put(
    '/api/admin/users/update-customizations',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Save the Customizations (defaults for new boxes, reminder e-mails, shortcuts, colours)',
        body: UpdateCustomizationsBodySchema,
        response: { 200: UserSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await users.updateCustomizations(currentUser(request), request.body);
      return { message: translate(request.locale, 'info.saved'), user: presentUser(user, now()) };
    },
  );
};
