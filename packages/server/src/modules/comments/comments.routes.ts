import {
  CommentListSchema,
  CommentParamsSchema,
  CommentSchema,
  ItemCommentsParamsSchema,
  MentionablePeopleSchema,
  WriteCommentBodySchema,
} from '@nestbox/shared/comments/comments.schema';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import type { CommentsService } from './comments.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['comments'];
const security = [{ bearer: [] }];

/** Comments on items (docs/api.md "Comments"): any member who sees the item reads and writes. */
export const commentsRoutes: FastifyPluginAsyncZod<{
  comments: CommentsService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { comments, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/api/items/:itemId/comments',
    {
      schema: {
        tags,
        security,
        summary: "An item's comments, oldest first",
        params: ItemCommentsParamsSchema,
        response: { 200: CommentListSchema, ...errors },
      },
    },
    async (request) => ({ comments: await comments.list(currentUser(request), request.params.itemId) }),
  );

  app.get(
    '/api/items/:itemId/comments/people',
    {
      schema: {
        tags,
        security,
        summary: 'Whom a comment on the item may mention: everyone else who sees it',
        params: ItemCommentsParamsSchema,
        response: { 200: MentionablePeopleSchema, ...errors },
      },
    },
    async (request) => ({ people: await comments.people(currentUser(request), request.params.itemId) }),
  );

  app.post(
    '/api/items/:itemId/comments',
    {
      schema: {
        tags,
        security,
        summary: 'Comment on an item (any level that sees it, read-only included)',
        params: ItemCommentsParamsSchema,
        body: WriteCommentBodySchema,
        response: { 201: CommentSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await comments.add(currentUser(request), request.params.itemId, request.body)),
  );

  app.patch(
    '/api/comments/:commentId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit your own comment',
        params: CommentParamsSchema,
        body: WriteCommentBodySchema,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (request) => comments.edit(currentUser(request), request.params.commentId, request.body),
  );

  app.delete(
    '/api/comments/:commentId',
    {
      schema: {
        tags,
        security,
        summary: "Delete your own comment, or, as an owner of the item, anyone's",
        params: CommentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await comments.remove(currentUser(request), request.params.commentId);
      return reply.status(204).send(null);
    },
  );
};
