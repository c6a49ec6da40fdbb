import {
  IMPORT_MAX_BYTES,
  ImportKeySchema,
  ImportQuerySchema,
  ImportResultSchema,
} from '@nestbox/shared/data/import.schema';
import { type ErrorBody, ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appErrors } from '../../http/app-error.js';
import { currentUser } from '../../http/request-context.js';
import { ImportRefused, type ImportService } from './import.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
};

/** The request header a client names an import by, so that its retries import once. */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer given again to a retry, which imported nothing. */
const REPLAYED_HEADER = 'idempotent-replayed';

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
          'The body is the file itself (any content type, up to 50 MB, UTF-8). A file with an error answers 400 naming its first bad line or element, and nothing changes. An `Idempotency-Key` header (1 to 255 visible ASCII characters, new for each import) makes a retry safe: for 24 hours the same request with the same key answers what the first one did, with `Idempotent-Replayed: true`, and imports nothing again; the key with another request answers 409.',
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
      const sent = request.headers[IDEMPOTENCY_KEY_HEADER];
      const named = sent === undefined ? undefined : ImportKeySchema.safeParse(sent);
      if (named && !named.success) throw appErrors.badRequest('import.idempotencyKey.invalid');
      const key = named?.data;
      try {
        const { replayed, ...result } = await imports.importFile(
          currentUser(request),
          Buffer.isBuffer(request.body) ? request.body : undefined,
          byToken ? { ...request.query, settings: false } : request.query,
          request.locale,
          key,
        );
        if (replayed) reply.header(REPLAYED_HEADER, 'true');
        return result;
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const body: ErrorBody = { error: { code: error.problem.messageKey, message: error.problem.message } };
        return reply.status(400).send(body);
      }
    },
  );
};
