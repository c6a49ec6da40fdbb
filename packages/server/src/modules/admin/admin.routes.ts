import { ReseedBodySchema, ReseedResponseSchema } from '@nestbox/shared/admin/admin.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  AdminUserParamsSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
} from '@nestbox/shared/two-factor/two-factor.schema';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../../http/request-context.js';
import { translate } from '../../i18n/translate.js';
import type { AdminService } from './admin.service.js';

/** Runs after `authenticate`, before the query is read: a non-admin gets 403 whatever they send. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (currentUser(request).is_admin !== 1) throw appErrors.forbidden();
}

/** The admin namespace's tools (API.md "Admin"): isAdmin only. */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { admin, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/api/admin/tools/resend',
    {
      config: { sessionOnly: true },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Re-seed the database (base or full); admins only, when NESTBOX_ALLOW_RESEED is set',
        body: ReseedBodySchema,
        response: {
          200: ReseedResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { type } = request.body;
      const { sessionKept } = await admin.reseed(currentUser(request), type);
      return {
        message: translate(
          request.locale,
          type === 'full' ? 'admin.reseed.done.full' : 'admin.reseed.done.base',
        ),
        sessionKept,
      };
    },
  );

  const adminErrors = {
    400: ErrorBodySchema,
    401: ErrorBodySchema,
    403: ErrorBodySchema,
    409: ErrorBodySchema,
  };

  app.get(
    '/api/admin/users',
    {
      config: { sessionOnly: true },
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Accounts by address, 50 a page, with whether their two-factor codes are on (admins only)',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema, ...adminErrors },
      },
    },
    async (request) => admin.listUsers(currentUser(request), request.query),
  );

  app.delete(
    '/api/admin/users/:userId/two-factor',
    {
      config: { sessionOnly: true },
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: "Turn someone's two-factor codes off, recorded in the audit trail (admins only)",
        params: AdminUserParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await admin.resetTwoFactor(currentUser(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
