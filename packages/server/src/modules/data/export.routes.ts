import { ExportFileSchema, ExportQuerySchema } from '@nestbox/shared/data/export.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/request-context.js';
import type { ExportService } from './export.service.js';

/** `GET /api/export`: thin — validate, authenticate, then the service's stream. */
export const exportRoutes: FastifyPluginAsyncZod<{
  exporter: ExportService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { exporter, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/export',
    {
      schema: {
        tags: ['data'],
        security: [{ bearer: [] }],
        summary:
          'Download everything you own or see, as Nestbox JSON (or a ZIP with the attached files), OPML 2.0 or CSV',
        description:
          'Streams an attachment: `json` follows the ExportFile schema (docs/export-format.md), ' +
          '`zip` holds it as `nestbox.json` with every attached file it lists, ' +
          '`opml` is the box tree as OPML 2.0 outlines, `csv` one row per item with its path.',
        querystring: ExportQuerySchema,
        // 200 documents the JSON format; the answer is a stream, which no serializer touches.
        response: { 200: ExportFileSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { body, contentType, fileName } = exporter.download(currentUser(request), request.query.format);
      // A stream, not the JSON value the 200 schema describes: sent through the untyped reply.
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type(contentType)
        .send(body);
    },
  );
};
