import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import {
  OrganizerItemSchema,
  OrganizerQuerySchema,
  OrganizerResponseSchema,
  PrioritizedWidthBodySchema,
  UnprioritizedOrderBodySchema,
  UpdatePriorityBodySchema,
} from '@nestbox/shared/organizer/organizer.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import { sendUndoId } from '../undo/undo.service.js';
import type { UsersService } from '../users/users.service.js';
import type { OrganizerService } from './organizer.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const done = { 200: OkResponseSchema, ...errors };

/** The Organizer (API.md "Organizer"): the caller's ranked items and the page's preferences. */
export const organizerRoutes: FastifyPluginAsyncZod<{
  organizer: OrganizerService;
  users: UsersService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { organizer, users, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['organizer'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/items/get-organizer',
    {
      schema: {
        tags,
        security,
        summary: 'Prioritizable items and their parent boxes, whole or a page of each list',
        querystring: OrganizerQuerySchema,
        response: { 200: OrganizerResponseSchema, ...errors },
      },
    },
    async (request) => organizer.page(currentUser(request), request.query),
  );

  app.get(
    '/api/items/get-prioritized-items',
    {
      schema: {
        tags,
        security,
        summary: 'Items with a priority, in order',
        response: { 200: z.array(OrganizerItemSchema), ...errors },
      },
    },
    async (request) => organizer.prioritised(currentUser(request)),
  );

  app.put(
    '/api/items/update-priority',
    {
      schema: {
        tags,
        security,
        summary: 'Rank, pin to Today, set the target date',
        body: UpdatePriorityBodySchema,
        response: { 200: ItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { value, undoId } = await organizer.updatePriority(currentUser(request), request.body);
      sendUndoId(reply, undoId);
      return value;
    },
  );

  app.put(
    '/api/items/reindex-priorities',
    {
      schema: {
        tags,
        security,
        summary: 'Renumber priorities evenly, keeping the order',
        response: { 200: z.record(z.string(), z.number()), ...errors },
      },
    },
    async (request) => organizer.reindexPriorities(currentUser(request)),
  );

  app.put(
    '/api/organizer/prioritized-width',
    {
      schema: {
        tags,
        security,
        summary: 'Split between the two lists (percent)',
        body: PrioritizedWidthBodySchema,
        response: done,
      },
    },
    async (request) => {
      await users.updateOrganizerPreferences(currentUser(request), {
        prioritizedSplitPercentage: request.body.percentage,
      });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/organizer/unprioritized-order',
    {
      schema: {
        tags,
        security,
        summary: 'Order of the Unprioritized list',
        body: UnprioritizedOrderBodySchema,
        response: done,
      },
    },
    async (request) => {
      await users.updateOrganizerPreferences(currentUser(request), { order: request.body });
      return { ok: true as const };
    },
  );
};
