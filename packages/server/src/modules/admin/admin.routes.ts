import { ReseedBodySchema, ReseedResponseSchema } from '@nestbox/shared/admin/admin.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import { translate } from '../../i18n/translate.js';
import type { AdminService } from './admin.service.js';

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
};
