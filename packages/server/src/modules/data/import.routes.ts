import { IMPORT_MAX_BYTES, ImportQuerySchema, ImportResultSchema } from '@nestbox/shared/data/import.schema';
import { type ErrorBody, ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../auth/authenticate.js';
import { ImportRefused, type ImportService } from './import.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
};

/**
 * `POST /api/import`: the file is the body, raw bytes of any content type, up to 50 MB on
 * this route alone (every other route keeps the 1 MB limit). Registered as a plugin of its
 * own, so its body parser reaches no other route. Thin: the service reads, checks and writes.
 */
export const importRoutes: FastifyPluginAsyncZod<{
  imports: ImportService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { imports, authenticate }) => {
  app.addHook('onRequest', authenticate);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['data'],
        security: [{ bearer: [] }],
        summary: 'Import a Nestbox export, an OPML outline or a Todoist CSV (or, with dryRun=1, check it)',
        description:
          'The body is the file itself (any content type, up to 50 MB, UTF-8). A file with an error answers 400 naming its first bad line or element, and nothing changes.',
        querystring: ImportQuerySchema,
        response: { 200: ImportResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A file's settings are account settings: a session's to apply, never an API token's.
      // A token's import leaves them out unless it asks for them, which is refused.
      const byToken = request.apiTokenScope !== null;
      if (byToken && new URLSearchParams(request.url.split('?')[1]).get('settings') === '1')
        throw appErrors.forbidden('tokens.notForAccount');
      try {
        return await imports.importFile(
          currentUser(request),
          Buffer.isBuffer(request.body) ? request.body : undefined,
          byToken ? { ...request.query, settings: false } : request.query,
          request.locale,
        );
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const body: ErrorBody = { error: { code: error.problem.messageKey, message: error.problem.message } };
        return reply.status(400).send(body);
      }
    },
  );
};
