import multipart from '@fastify/multipart';
import {
  AttachmentListSchema,
  AttachmentParamsSchema,
  AttachmentSchema,
  AttachmentUsageSchema,
  ItemAttachmentsParamsSchema,
} from '@nestbox/shared/attachments/attachments.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { currentUser } from '../../http/request-context.js';
import { DOWNLOAD_CSP } from './attachment-files.js';
import type { AttachmentsService } from './attachments.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['attachments'];
const security = [{ bearer: [] }];

/** The headers of every download: its bytes are never sniffed, run, framed elsewhere or kept. */
function sendObject(reply: FastifyReply, { type, size }: { type: string; size: number }) {
  return reply
    .type(type)
    .header('content-length', String(size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'private, no-store');
}

/**
 * `POST /api/items/:itemId/attachments`, in a scope of its own: only this route reads
 * multipart bodies, one file a request, streamed (no other route's body limit or parser
 * changes). The file's limit is set per request, once the service knows the caller's room.
 */
const uploadRoute: FastifyPluginAsyncZod<{ attachments: AttachmentsService }> = async (
  app,
  { attachments },
) => {
  await app.register(multipart, {
    limits: { files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/api/items/:itemId/attachments',
    {
      schema: {
        tags,
        security,
        summary: 'Attach a file to an item (owners and editors)',
        description:
          'A `multipart/form-data` body with one file in the field `file`. 413 when it passes the file limit (`attachments.tooLarge`) or what is left of your quota (`attachments.quotaFull`); nothing is stored then. The type is sniffed from the bytes; the name is cleaned of paths and control characters.',
        consumes: ['multipart/form-data'],
        params: ItemAttachmentsParamsSchema,
        response: { 201: AttachmentSchema, 413: ErrorBodySchema, 415: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const attachment = await attachments
        .upload(currentUser(request), request.params.itemId, async (maxBytes) => {
          if (!request.isMultipart()) throw new AppError(415, 'error.unsupportedMediaType');
          // One byte past the limit reaches the store's meter, which refuses the file: at the
          // limit itself the reader would end the file there, cut short but looking whole.
          const part = await request.file({ limits: { fileSize: maxBytes + 1 } });
          if (!part) return undefined;
          if (part.fieldname !== 'file') {
            part.file.resume();
            return undefined;
          }
          return { filename: part.filename, stream: part.file };
        })
        .catch((error: unknown) => {
          // A body the upload stopped reading half-way would be taken for the next request.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        });
      return reply.status(201).send(attachment);
    },
  );
};

/** Files attached to items (docs/api.md "Attachments"): rights checked on every request. */
export const attachmentsRoutes: FastifyPluginAsyncZod<{
  attachments: AttachmentsService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { attachments, authenticate }) => {
  app.addHook('onRequest', authenticate);
  await app.register(uploadRoute, { attachments });

  app.get(
    '/api/items/:itemId/attachments',
    {
      schema: {
        tags,
        security,
        summary: "An item's attachments, oldest first",
        params: ItemAttachmentsParamsSchema,
        response: { 200: AttachmentListSchema, ...errors },
      },
    },
    async (request) => ({ attachments: await attachments.list(currentUser(request), request.params.itemId) }),
  );

  app.get(
    '/api/attachments/:attachmentId/content',
    {
      // The bytes go as they are, with their length: never compressed on the way.
      compress: false,
      schema: {
        tags,
        security,
        summary: "An attachment's bytes (inline for images and PDF, else as a download)",
        params: AttachmentParamsSchema,
        response: { 404: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const download = await attachments.content(currentUser(request), request.params.attachmentId);
      return sendObject(reply, download)
        .header('content-disposition', download.disposition)
        .send(download.body);
    },
  );

  app.get(
    '/api/attachments/:attachmentId/thumbnail',
    {
      compress: false,
      schema: {
        tags,
        security,
        summary: "An image attachment's thumbnail (WebP, at most 320 px a side)",
        params: AttachmentParamsSchema,
        response: { 404: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const thumbnail = await attachments.thumbnail(currentUser(request), request.params.attachmentId);
      return sendObject(reply, { type: 'image/webp', size: thumbnail.size }).send(thumbnail.body);
    },
  );

  app.delete(
    '/api/attachments/:attachmentId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an attachment you attached, or, as an owner of the item, anyone’s',
        params: AttachmentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await attachments.remove(currentUser(request), request.params.attachmentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/attachments-usage',
    {
      schema: {
        tags,
        security,
        summary: 'The bytes your attachments take, your quota and the largest file',
        response: { 200: AttachmentUsageSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => attachments.usage(currentUser(request)),
  );
};
