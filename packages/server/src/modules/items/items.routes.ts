import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import {
  AutoArchiveBodySchema,
  CreateItemBodySchema,
  ItemIdQuerySchema,
  ItemSchema,
  ItemsForPaneQuerySchema,
  ItemsForPaneResponseSchema,
  MoveBetweenPanesBodySchema,
  MoveToNewParentBodySchema,
  MoveWithinPaneBodySchema,
  SaveBoxItemBodySchema,
  SaveTextItemBodySchema,
  SetNoteBodySchema,
  UnarchiveBodySchema,
  UpdateItemBodySchema,
  UpdateSettingBodySchema,
  UserAssociatedItemsBodySchema,
} from '@nestbox/shared/items/item.schema';
import { CompleteItemBodySchema } from '@nestbox/shared/recurrence/recurrence.schema';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx, UserRow } from '../../db/schema.js';
import { currentUser } from '../../http/request-context.js';
import { sendUndoId } from '../undo/undo.service.js';
import type { Undoable } from './items.contract.js';
import type { ItemsService } from './items.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const item = { 200: ItemSchema, ...errors };

/** Answers a change's item, and the id that undoes it in the `X-Undo-Id` header when it can be undone. */
async function withUndoId<T>(reply: FastifyReply, change: Promise<Undoable<T>>): Promise<T> {
  const { value, undoId } = await change;
  sendUndoId(reply, undoId);
  return value;
}

/** Items routes (API.md "Items"): thin — validate, authenticate, then the service decides. */
export const itemsRoutes: FastifyPluginAsyncZod<{
  items: ItemsService;
  authenticate: onRequestAsyncHookHandler;
  /**
   * Opens a new box in a pane (the workspace's job) inside the transaction that creates it,
   * for create-item's `createPane`.
   */
  openInPane: (tx: Tx, user: UserRow, pos: number, itemId: string) => Promise<void>;
}> = async (app, { items, authenticate, openInPane }) => {
  app.addHook('onRequest', authenticate);
  const tags = ['items'];
  const security = [{ bearer: [] }];
  const base = '/api/items';

  app.get(
    `${base}/get-item`,
    { schema: { tags, security, summary: 'One item', querystring: ItemIdQuerySchema, response: item } },
    async (request) => items.getItem(currentUser(request), request.query.itemId),
  );

  app.get(
    `${base}/get-items-for-pane`,
    {
      schema: {
        tags,
        security,
        summary: 'A box and its visible sub-items, in order: all of them, or a page',
        querystring: ItemsForPaneQuerySchema,
        response: { 200: ItemsForPaneResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { itemId, limit, offset } = request.query;
      return items.getItemsForPane(currentUser(request), itemId, { limit, offset });
    },
  );

  app.get(
    `${base}/get-number-of-child-items`,
    {
      schema: {
        tags,
        security,
        summary: 'How many items a box holds (archived ones not counted)',
        querystring: ItemIdQuerySchema,
        response: { 200: z.object({ count: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ count: await items.countChildren(currentUser(request), request.query.itemId) }),
  );

  app.post(
    `${base}/get-user-associated-items`,
    {
      config: { readOnly: true },
      schema: {
        tags,
        security,
        summary: 'Items linked to the caller directly (root box, items shared with them)',
        body: UserAssociatedItemsBodySchema,
        response: { 200: z.union([z.array(ItemSchema), z.array(z.string())]), ...errors },
      },
    },
    async (request) => {
      const found = await items.associatedItems(currentUser(request), request.body.limitToType);
      return request.body.idsOnly ? found.map((i) => i._id) : found;
    },
  );

  app.post(
    `${base}/create-item`,
    {
      schema: {
        tags,
        security,
        summary: 'Create a box or a text item in a box',
        body: CreateItemBodySchema,
        response: { 201: ItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { createPane, itemType, panePos } = request.body;
      const created = await items.createItem(
        user,
        request.body,
        createPane && itemType === 'todoBox'
          ? (tx, itemId) => openInPane(tx, user, panePos ?? Number.MAX_SAFE_INTEGER, itemId)
          : undefined,
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    `${base}/save-box-item`,
    { schema: { tags, security, summary: 'Rename a box', body: SaveBoxItemBodySchema, response: item } },
    async (request) => items.saveBoxTitle(currentUser(request), request.body.itemId, request.body.title),
  );

  app.post(
    `${base}/save-text-item`,
    {
      schema: {
        tags,
        security,
        summary: "Save a text item's text",
        body: SaveTextItemBodySchema,
        response: item,
      },
    },
    async (request) => {
      const { itemId, title, startedFrom } = request.body;
      return items.saveText(currentUser(request), itemId, title, startedFrom);
    },
  );

  app.put(
    `${base}/set-note`,
    {
      schema: {
        tags,
        security,
        summary: "Set an item's note (Markdown); an empty note removes it",
        body: SetNoteBodySchema,
        response: item,
      },
    },
    async (request) => items.setNote(currentUser(request), request.body.itemId, request.body.note),
  );

  app.put(
    `${base}/update-setting`,
    {
      schema: {
        tags,
        security,
        summary: "Change a box's settings",
        body: UpdateSettingBodySchema,
        response: item,
      },
    },
    async (request) =>
      items.updateSetting(
        currentUser(request),
        request.body.itemId,
        request.body.settingKey,
        request.body.settingValue,
      ),
  );

  app.put(
    `${base}/update-item`,
    {
      schema: {
        tags,
        security,
        summary: 'Favourite, prioritizable, target date',
        body: UpdateItemBodySchema,
        response: item,
      },
    },
    async (request, reply) => withUndoId(reply, items.updateItem(currentUser(request), request.body)),
  );

  for (const [name, completed] of [
    ['complete', true],
    ['uncomplete', false],
  ] as const) {
    app.put(
      `${base}/${name}`,
      {
        schema: {
          tags,
          security,
          summary: completed
            ? 'Complete (a box: with everything inside; a recurring text: its occurrence)'
            : 'Uncomplete',
          body: CompleteItemBodySchema,
          response: item,
        },
      },
      async (request, reply) =>
        withUndoId(
          reply,
          items.setCompleted(currentUser(request), request.body.itemId, completed, request.body),
        ),
    );
  }

  app.delete(
    `${base}/archive`,
    {
      schema: {
        tags,
        security,
        summary: 'Archive; its panes close',
        querystring: ItemIdQuerySchema,
        response: item,
      },
    },
    async (request, reply) => withUndoId(reply, items.archive(currentUser(request), request.query.itemId)),
  );

  app.put(
    `${base}/unarchive`,
    {
      schema: {
        tags,
        security,
        summary: 'Restore into a chosen box',
        body: UnarchiveBodySchema,
        response: item,
      },
    },
    async (request) => items.unarchive(currentUser(request), request.body.itemId, request.body.parentItemId),
  );

  app.put(
    `${base}/auto-archive`,
    {
      schema: {
        tags,
        security,
        summary: 'Archive automatically after an amount of time (amount null clears)',
        body: AutoArchiveBodySchema,
        response: item,
      },
    },
    async (request) => items.setAutoArchive(currentUser(request), request.body),
  );

  app.put(
    `${base}/move-to-new-parent`,
    {
      schema: {
        tags,
        security,
        summary: 'Move into another box (last in it)',
        body: MoveToNewParentBodySchema,
        response: item,
      },
    },
    async (request, reply) =>
      withUndoId(
        reply,
        items.moveItem(currentUser(request), {
          itemId: request.body.itemId,
          parentId: request.body.newParentItemId,
        }),
      ),
  );

  app.put(
    `${base}/move-within-pane`,
    {
      schema: {
        tags,
        security,
        summary: 'Reorder within a box',
        body: MoveWithinPaneBodySchema,
        response: item,
      },
    },
    async (request, reply) => {
      const { draggableItemId, droppableItemId, itemIdAdjacentToDrop, beforeAfter } = request.body;
      return withUndoId(
        reply,
        items.moveItem(currentUser(request), {
          itemId: draggableItemId,
          parentId: droppableItemId,
          fromParentId: droppableItemId,
          anchorId: itemIdAdjacentToDrop,
          placement: beforeAfter,
        }),
      );
    },
  );

  app.put(
    `${base}/move-between-panes`,
    {
      schema: {
        tags,
        security,
        summary: "Move from one box's pane into another's",
        body: MoveBetweenPanesBodySchema,
        response: item,
      },
    },
    async (request, reply) => {
      const {
        draggableItemId,
        sourceDroppableItemId,
        destDroppableItemId,
        itemIdAdjacentToDrop,
        beforeAfter,
      } = request.body;
      return withUndoId(
        reply,
        items.moveItem(currentUser(request), {
          itemId: draggableItemId,
          parentId: destDroppableItemId,
          fromParentId: sourceDroppableItemId,
          anchorId: itemIdAdjacentToDrop,
          placement: beforeAfter,
        }),
      );
    },
  );
};
