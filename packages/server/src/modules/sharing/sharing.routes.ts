import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import { ItemIdQuerySchema } from '@nestbox/shared/items/item.schema';
import {
  AssociateUserBodySchema,
  InheritedShareSchema,
  RemoveAssociationQuerySchema,
  SearchUsersQuerySchema,
  ShareEntrySchema,
  UpdateOwnershipBodySchema,
  UserHitSchema,
} from '@nestbox/shared/sharing/sharing.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import { sendUndoId } from '../undo/undo.service.js';
import type { SharingService } from './sharing.service.js';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const done = { 200: OkResponseSchema, ...errors };

/** Sharing (API.md "Items" sharing routes and `/api/users/search-users`). */
export const sharingRoutes: FastifyPluginAsyncZod<{
  sharing: SharingService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { sharing, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['sharing'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/users/search-users',
    {
      schema: {
        tags,
        security,
        summary: 'People to share with (term of 2+ characters)',
        querystring: SearchUsersQuerySchema,
        response: { 200: z.array(UserHitSchema), ...errors },
      },
    },
    async (request) => sharing.suggestPeople(currentUser(request), request.query.searchTerm),
  );

  app.get(
    '/api/items/get-users-associated',
    {
      schema: {
        tags,
        security,
        summary: 'Who the item is shared with',
        querystring: ItemIdQuerySchema,
        response: { 200: z.array(ShareEntrySchema), ...errors },
      },
    },
    async (request) => sharing.list(currentUser(request), request.query.itemId, request.locale),
  );

  app.get(
    '/api/items/get-inherited-shares',
    {
      schema: {
        tags,
        security,
        summary: 'Who sees the item through the boxes above it',
        querystring: ItemIdQuerySchema,
        response: { 200: z.array(InheritedShareSchema), ...errors },
      },
    },
    async (request) => sharing.inherited(currentUser(request), request.query.itemId, request.locale),
  );

  app.put(
    '/api/items/associate-user',
    {
      schema: {
        tags,
        security,
        summary: 'Share with someone (owners only)',
        body: AssociateUserBodySchema,
        response: done,
      },
    },
    async (request) => {
      await sharing.associate(
        currentUser(request),
        request.body.itemId,
        request.body.userId,
        request.body.ownershipId,
      );
      return { ok: true as const };
    },
  );

  app.put(
    '/api/items/update-ownership',
    {
      schema: {
        tags,
        security,
        summary: "Change someone's level (owners only; one owner always stays)",
        body: UpdateOwnershipBodySchema,
        response: done,
      },
    },
    async (request) => {
      await sharing.updateLevel(
        currentUser(request),
        request.body.itemId,
        request.body.userId,
        request.body.ownershipId,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/items/remove-association',
    {
      schema: {
        tags,
        security,
        summary: 'Stop sharing with someone (owners only; never the last owner)',
        querystring: RemoveAssociationQuerySchema,
        response: done,
      },
    },
    async (request, reply) => {
      sendUndoId(
        reply,
        await sharing.remove(currentUser(request), request.query.itemId, request.query.userId),
      );
      return { ok: true as const };
    },
  );
};
