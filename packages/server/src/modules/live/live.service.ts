import type { Item } from '@nestbox/shared/items/item.schema';
import { PERSONAL_ITEM_FIELDS, SHARED_ITEM_FIELDS, SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import type { CommitScope, DomainEventBus } from '../../events/domain-events.js';
import { echoTagFor, requestContext } from '../../http/request-context.js';
import type { Publisher } from '../../realtime/realtime.js';
import type { Audience } from '../access/access.contract.js';
import type { AccessService } from '../access/access.service.js';
import type { ItemsService } from '../items/items.service.js';

/** Items' shared views, with who sees each. */
interface Seen {
  views: { item: Item; parentId: string | null }[];
  audiences: Map<string, Audience>;
}

/**
 * The live channel's one source: it listens to the domain events and tells each person's
 * clients, in their user room, what changed for them (SPEC §7 live updates). Each message
 * carries the echo tag of the request that caused it, so the client that made the change
 * knows it already has it.
 */
export function subscribeLiveUpdates({
  db,
  events,
  publisher,
  access,
  items,
}: {
  /** Where who sees an item is read, after the change committed. */
  db: Executor;
  events: DomainEventBus;
  publisher: Publisher;
  access: AccessService;
  items: ItemsService;
}) {
  /** Tells everyone who sees the item (or only `onlyUserId`) that it is there for them (ADD_ITEM). */
  async function added(itemId: string, onlyUserId?: string) {
    const context = requestContext();
    for (const { userId, level } of await access.audienceOf(itemId, db)) {
      if (onlyUserId && userId !== onlyUserId) continue;
      const item = await items.presentFor(userId, itemId, level);
      if (item)
        publisher.publish(userId, SOCKET_EVENTS.addItem, {
          item,
          parentItemId: item.parentItemId,
          ...echoTagFor(context, userId),
        });
    }
  }

  /**
   * These items' shared views and who sees each, read once for all the events of a commit
   * (a saved text is both changed and has new history). Audiences already worked out are in
   * `known`.
   */
  function seen(itemIds: readonly string[], known: Map<string, Audience>, scope: CommitScope) {
    const key = `live.seen:${itemIds.join(',')}`;
    let reading = scope.get(key) as Promise<Seen> | undefined;
    if (!reading) {
      reading = (async () => {
        const views = await items.sharedViews(itemIds);
        const audiences = await access.audiencesOf(
          views.map(({ item, parentId }) => ({ id: item._id, parentId })),
          known,
        );
        return { views, audiences };
      })();
      scope.set(key, reading);
    }
    return reading;
  }

  /**
   * Tells everyone who sees these items their shared fields now (UPDATE_ITEM). A completed
   * box's whole subtree is read a slice at a time, each slice's audiences worked out over the
   * ones already known. Answers each item's box.
   */
  async function changed(
    itemIds: readonly string[],
    scope: CommitScope,
  ): Promise<Map<string, string | null>> {
    const context = requestContext();
    const known = new Map<string, Audience>();
    const boxes = new Map<string, string | null>();
    for (const slice of idChunks(itemIds)) {
      const { views, audiences } = await seen(slice, known, scope);
      for (const { item, parentId } of views) {
        tellChanged(item, audiences.get(item._id) ?? [], context);
        boxes.set(item._id, parentId);
      }
    }
    return boxes;
  }

  function tellChanged(item: Item, audience: Audience, context: ReturnType<typeof requestContext>) {
    const updatedFields = Object.fromEntries(SHARED_ITEM_FIELDS.map((field) => [field, item[field]]));
    for (const { userId } of audience)
      publisher.publish(userId, SOCKET_EVENTS.updateItem, {
        itemId: item._id,
        updatedFields,
        removedFields: [],
        ...echoTagFor(context, userId),
      });
  }

  /**
   * Tells whoever sees a box to read it again (UPDATE_ITEM with no
   * fields): what changed is its contents or their order, which no field of its own carries.
   */
  async function reread(boxId: string) {
    const context = requestContext();
    for (const { userId } of await access.audienceOf(boxId, db)) {
      publisher.publish(userId, SOCKET_EVENTS.updateItem, {
        itemId: boxId,
        updatedFields: {},
        removedFields: [],
        ...echoTagFor(context, userId),
      });
    }
  }

  /** Tells one person an item is no longer theirs to see (UPDATE_ITEM without access). */
  function gone(itemId: string, userId: string) {
    publisher.publish(userId, SOCKET_EVENTS.updateItem, {
      itemId,
      updatedFields: {},
      removedFields: ['access'],
      ...echoTagFor(requestContext(), userId),
    });
  }

  events.on('comments.changed', async ({ itemId }) => {
    const context = requestContext();
    for (const { userId } of await access.audienceOf(itemId, db))
      publisher.publish(userId, SOCKET_EVENTS.commentsChanged, { itemId, ...echoTagFor(context, userId) });
  });
  events.on('attachments.changed', async ({ itemId }) => {
    const context = requestContext();
    for (const { userId } of await access.audienceOf(itemId, db))
      publisher.publish(userId, SOCKET_EVENTS.attachmentsChanged, { itemId, ...echoTagFor(context, userId) });
  });
  // An item's history grew (a box completed with what is inside it: each item's): whoever sees
  // the item hears of it, the audiences worked out a slice at a time.
  events.on('history.changed', async ({ itemIds }, scope) => {
    const context = requestContext();
    const known = new Map<string, Audience>();
    for (const slice of idChunks(itemIds)) {
      const { audiences } = await seen(slice, known, scope);
      for (const [itemId, audience] of audiences)
        for (const { userId } of audience)
          publisher.publish(userId, SOCKET_EVENTS.historyChanged, { itemId, ...echoTagFor(context, userId) });
    }
  });
  events.on('item.overwritten', async ({ itemId, replacedTitle, title }) => {
    const context = requestContext();
    for (const { userId } of await access.audienceOf(itemId, db))
      publisher.publish(userId, SOCKET_EVENTS.itemOverwritten, {
        itemId,
        replacedTitle,
        title,
        ...echoTagFor(context, userId),
      });
  });
  events.on('items.created', async ({ itemIds }) => {
    for (const itemId of itemIds) await added(itemId);
  });
  events.on('items.changed', async ({ itemIds }, scope) => {
    await changed(itemIds, scope);
  });
  events.on('item.personalChanged', ({ userId, item }) => {
    publisher.publish(userId, SOCKET_EVENTS.updateItem, {
      itemId: item._id,
      updatedFields: Object.fromEntries(PERSONAL_ITEM_FIELDS.map((field) => [field, item[field]])),
      removedFields: [],
      ...echoTagFor(requestContext(), userId),
    });
  });
  // Those who still see a moved item hear of its new place; those who lost it or gained it
  // (a move across shares) hear that.
  events.on('item.moved', async ({ itemId, audienceBefore }, scope) => {
    // Its place among its new siblings is the order of the box it is in.
    const box = (await changed([itemId], scope)).get(itemId);
    if (box) await reread(box);
    const after = new Set((await access.audienceOf(itemId, db)).map(({ userId }) => userId));
    for (const { userId } of audienceBefore) if (!after.has(userId)) gone(itemId, userId);
    const had = new Set(audienceBefore.map(({ userId }) => userId));
    for (const userId of after) if (!had.has(userId)) await added(itemId, userId);
  });
  events.on('item.shared', ({ itemId, userId }) => added(itemId, userId));
  // The person's view of the item changed: their client refetches it.
  events.on('item.levelChanged', ({ itemId, userId }) => {
    publisher.publish(userId, SOCKET_EVENTS.updateItem, {
      itemId,
      updatedFields: {},
      removedFields: [],
      ...echoTagFor(requestContext(), userId),
    });
  });
  events.on('item.unshared', async ({ itemId, userId }) => {
    if (!(await access.levelOf(userId, itemId, db))) gone(itemId, userId);
  });
  // An import into a box that was there: its contents changed wholesale, so whoever shows it
  // reads it again (an UPDATE_ITEM with no fields, as for a changed level); the importer's
  // own sockets hear that it is done.
  events.on('import.finished', async ({ userId, boxId, intoExistingBox, counts }) => {
    if (intoExistingBox) await reread(boxId);
    publisher.publish(userId, SOCKET_EVENTS.importFinished, { boxId, counts });
  });
  events.on('reminders.unreadCounts', ({ counts }) => {
    for (const [userId, count] of counts)
      publisher.publish(userId, SOCKET_EVENTS.remindersUnreadCount, { count });
  });
}
