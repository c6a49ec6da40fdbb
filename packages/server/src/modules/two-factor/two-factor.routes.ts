import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  RecoveryCodesSchema,
  TwoFactorCodeBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@nestbox/shared/two-factor/two-factor.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import { translate } from '../../i18n/translate.js';
import type { TwoFactorService } from './two-factor.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The caller's own two-factor codes (Settings → Security), with a session only: an API token
 * never reads or changes how its owner signs in.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { twoFactor, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['two-factor'];
  const security = [{ bearer: [] }];
  const config = { sessionOnly: true };

  app.get(
    '/api/users/two-factor',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Whether your two-factor codes are on, and how many recovery codes are left',
        response: { 200: TwoFactorStatusSchema, ...errors },
      },
    },
    async (request) => twoFactor.status(currentUser(request)),
  );

  app.post(
    '/api/users/two-factor/setup',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Start enrolling an authenticator app: a new secret, its key URI and QR code (SVG)',
        response: { 200: TwoFactorSetupSchema, ...errors },
      },
    },
    async (request) => twoFactor.setup(currentUser(request)),
  );

  app.post(
    '/api/users/two-factor/enable',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Confirm the enrolment with a code from the app; answers the ten recovery codes, this once',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => twoFactor.enable(currentUser(request), request.body.code),
  );

  app.post(
    '/api/users/two-factor/disable',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor codes off, with the current password or a code',
        body: TwoFactorDisableBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await twoFactor.disable(currentUser(request), request.body, request.ip);
      return { message: translate(request.locale, 'twoFactor.disabled') };
    },
  );

  app.post(
    '/api/users/two-factor/recovery-codes',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Make ten new recovery codes for a code (the old ones stop working); answered this once',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(currentUser(request), request.body.code),
  );
};
