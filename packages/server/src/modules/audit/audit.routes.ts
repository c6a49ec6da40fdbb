import {
  AdminAuditQuerySchema,
  AuditPageSchema,
  OwnAuditQuerySchema,
} from '@nestbox/shared/audit/audit.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../../http/request-context.js';
import type { AuditService } from './audit.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Runs after `authenticate`, before the query is read: a non-admin gets 403 whatever they send. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (currentUser(request).is_admin !== 1) throw appErrors.forbidden();
}

/** Reading the audit trail: an admin reads everyone's events, anyone signed in their own. */
export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { audit, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['audit'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/admin/audit',
    {
      // Everyone's trail: an administrator's session only, never a token that can leak.
      config: { sessionOnly: true },
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: "Security events, newest first, 50 a page: everyone's, or one user's (admins only)",
        querystring: AdminAuditQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/api/users/audit',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Your own security events (logins, password and token changes…), newest first, 50 a page',
        querystring: OwnAuditQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) => audit.list({ userId: currentUser(request).id, ...request.query }),
  );
};
