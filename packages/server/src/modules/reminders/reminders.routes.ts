import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import { ItemIdQuerySchema } from '@nestbox/shared/items/item.schema';
import {
  CreateReminderQuerySchema,
  DismissFutureEventsBodySchema,
  MarkEventsReadBodySchema,
  ReminderEventsBodySchema,
  ReminderEventsPageSchema,
  ReminderIdQuerySchema,
  ReminderSchema,
  UnreadCountSchema,
  UpdateReminderQuerySchema,
} from '@nestbox/shared/reminders/reminder.schema';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/request-context.js';
import { sendUndoId } from '../undo/undo.service.js';
import type { RemindersService } from './reminders.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const done = { 200: OkResponseSchema, ...errors };

/** Reminders (API.md "Reminders"), plus the badge's count and the e-mail setting. */
export const remindersRoutes: FastifyPluginAsyncZod<{
  reminders: RemindersService;
  authenticate: onRequestAsyncHookHandler;
}> = async (app, { reminders, authenticate }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['reminders'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/reminders/create-item-reminder',
    {
      schema: {
        tags,
        security,
        summary: 'Add a reminder to an item (query string; SPEC defaults 1 day before, no repeat)',
        querystring: CreateReminderQuerySchema,
        response: { 200: z.object({ data: z.string() }), ...errors },
      },
    },
    async (request) => ({
      data: await reminders.create(currentUser(request), request.query.itemId, request.query),
    }),
  );

  app.get(
    '/api/reminders/get-item-reminders',
    {
      schema: {
        tags,
        security,
        summary: "The caller's reminders on an item (those linked to the target date are hidden)",
        querystring: ItemIdQuerySchema,
        response: { 200: z.array(ReminderSchema), ...errors },
      },
    },
    async (request) => reminders.listForItem(currentUser(request), request.query.itemId),
  );

  app.put(
    '/api/reminders/update-item-reminder',
    {
      schema: {
        tags,
        security,
        summary: 'Change a reminder (query string); it is planned again from now',
        querystring: UpdateReminderQuerySchema,
        response: done,
      },
    },
    async (request) => {
      await reminders.update(currentUser(request), request.query.reminderId, request.query);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/reminders/remove-item-reminder',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a reminder and its events',
        querystring: ReminderIdQuerySchema,
        response: done,
      },
    },
    async (request, reply) => {
      sendUndoId(reply, await reminders.remove(currentUser(request), request.query.reminderId));
      return { ok: true as const };
    },
  );

  app.put(
    '/api/reminders/dismiss-future-events',
    {
      schema: {
        tags,
        security,
        summary: "'Dismiss All': stop a reminder's future occurrences",
        body: DismissFutureEventsBodySchema,
        response: done,
      },
    },
    async (request) => {
      await reminders.dismissFuture(currentUser(request), request.body.reminderId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reminders/get-reminder-events',
    {
      config: { readOnly: true },
      schema: {
        tags,
        security,
        summary: 'Fired reminder events, newest first, one page after the given last one',
        body: ReminderEventsBodySchema,
        response: { 200: ReminderEventsPageSchema, ...errors },
      },
    },
    async (request) => reminders.events(currentUser(request), request.body, request.locale),
  );

  app.put(
    '/api/reminders/mark-events-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark events read; answers (and pushes) the unread count',
        body: MarkEventsReadBodySchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => reminders.markRead(currentUser(request), request.body.remindersEventIds),
  );

  app.get(
    '/api/reminders/unread-count',
    {
      schema: {
        tags,
        security,
        summary: 'Unread reminder events (the badge, read on load and after every reconnect)',
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => reminders.unreadCount(currentUser(request)),
  );
};
