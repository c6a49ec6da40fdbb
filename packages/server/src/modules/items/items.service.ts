import type { AutoArchiveDuration } from '@nestbox/shared/constants';
import type {
  AccessLevel,
  AutoArchiveBody,
  CreateItemBody,
  Item,
  SearchItemsBody,
  SearchResult,
  UpdateItemBody,
} from '@nestbox/shared/items/item.schema';
import { boxTitleError, isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import type { UpdatePriorityBody } from '@nestbox/shared/organizer/organizer.schema';
import { reindexedPriorities } from '@nestbox/shared/organizer/priority';
import { PERSONAL_ITEM_FIELDS, SHARED_ITEM_FIELDS, SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import { add } from 'date-fns';
import type { Kysely } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import type { Database, ItemUpdateRow, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { echoTagFor, requestContext } from '../../http/request-context.js';
import type { Publisher } from '../../realtime/realtime.js';
import { authorizeItem, type ItemAbility } from './items.policy.js';
import { presentItem } from './items.presenter.js';
import {
  accessLevelOf,
  associatedItemsWithState,
  audienceOf,
  childPositions,
  childrenWithState,
  claimAutoArchive,
  clearPriorities,
  countVisibleChildren,
  deletePanesShowing,
  descendantIds,
  directShares,
  dueAutoArchives,
  findItem,
  findItemsWithState,
  findItemWithState,
  findRootBox,
  insertItem,
  isAtOrAbove,
  linksOf,
  lockTree,
  organizerRankedKeys,
  POSITION_STEP,
  renumberChildren,
  searchVisibleItems,
  setPriorities,
  updateItems,
  upsertUserItem,
} from './items.repository.js';

/** The caller's own state on an item (user_items columns). */
type PersonalChanges = {
  favourited?: number;
  prioritizable?: number;
  priority?: number | null;
  marked_for_today?: number;
};

/** Below this gap two siblings cannot be told apart reliably: renumber first. */
const MIN_POSITION_GAP = 1e-9;

/** Everyone who sees an item, at their level (audienceOf). */
type Audience = { userId: string; level: AccessLevel }[];

/** An audience as one comparable value: the same people at the same levels give the same key. */
function audienceKey(audience: Audience): string {
  return audience
    .map(({ userId, level }) => `${userId}:${level}`)
    .sort()
    .join(',');
}

/** Where an item goes among siblings: before/after an anchor, else last. Undefined: renumber first. */
function positionAmong(
  siblings: { id: string; position: number }[],
  placement: 'before' | 'after' | undefined,
  anchorId: string | undefined,
): number | undefined {
  const index = anchorId ? siblings.findIndex((s) => s.id === anchorId) : -1;
  const last = siblings.at(-1);
  if (index < 0 || !placement) return last ? last.position + POSITION_STEP : POSITION_STEP;
  const [lower, upper] =
    placement === 'before' ? [siblings[index - 1], siblings[index]] : [siblings[index], siblings[index + 1]];
  if (!lower) return (upper?.position ?? POSITION_STEP) - POSITION_STEP;
  if (!upper) return lower.position + POSITION_STEP;
  const middle = (lower.position + upper.position) / 2;
  return upper.position - lower.position < MIN_POSITION_GAP ? undefined : middle;
}

/**
 * Boxes and text items: reading, creating, editing, completing, archiving and moving, each
 * checked against the caller's level on the item (and on any box it goes into).
 */
export function createItemsService({
  db,
  engine,
  now = Date.now,
  publisher,
  onError = () => {},
  onAutoArchiveFailed = () => {},
  onTargetDateChanged,
}: {
  db: Kysely<Database>;
  /** Which engine `db` runs on: how `lockTree` serialises changes to the tree. */
  engine: DbEngine;
  now?: () => number;
  /** Reminders: re-plans an item's reminders inside the transaction that changes its target date. */
  onTargetDateChanged?: (
    trx: Kysely<Database>,
    change: { itemId: string; userId: string; targetDate: number | null; at: number },
  ) => Promise<void>;
  /** The live channel: everyone who can see a changed item hears of it. */
  publisher?: Publisher;
  /** Where failures to announce a change go (the change itself has already succeeded). */
  onError?: (error: unknown) => void;
  /** Where an item the auto-archive sweep could not archive is reported (it is tried again later). */
  onAutoArchiveFailed?: (itemId: string, error: unknown) => void;
}) {
  /**
   * Tells everyone who can see the item (or only `onlyUserId`) that it exists for them now
   * (ADD_ITEM), each with their own view of it.
   */
  function announceAdded(itemId: string, onlyUserId?: string) {
    if (!publisher) return;
    const context = requestContext();
    void (async () => {
      for (const { userId, level } of await audienceOf(db, itemId)) {
        if (onlyUserId && userId !== onlyUserId) continue;
        const row = await findItemWithState(db, userId, itemId);
        if (row)
          publisher.publish(userId, SOCKET_EVENTS.addItem, {
            item: presentItem(row, level),
            parentItemId: row.parent_id,
            ...echoTagFor(context, userId),
          });
      }
    })().catch(onError);
  }

  /**
   * Tells everyone who can see these items their shared fields now (UPDATE_ITEM). A box's
   * whole subtree (a completion of 100,000 items) is read in slices, and each item's audience
   * is its own links over its parent's audience, worked out once per parent.
   */
  function announceChanged(itemIds: string[]) {
    if (!publisher || itemIds.length === 0) return;
    const context = requestContext();
    void (async () => {
      const audiences = new Map<string, Audience>();
      const audienceAbove = async (parentId: string | null): Promise<Audience> => {
        if (!parentId) return [];
        let audience = audiences.get(parentId);
        if (!audience) {
          audience = await audienceOf(db, parentId);
          audiences.set(parentId, audience);
        }
        return audience;
      };
      for (const chunk of idChunks(itemIds)) {
        const links = await linksOf(db, chunk);
        for (const row of await findItemsWithState(db, '', chunk)) {
          const own = links.get(row.id) ?? [];
          const linked = new Set(own.map(({ userId }) => userId));
          const audience = [
            ...own,
            ...(await audienceAbove(row.parent_id)).filter((m) => !linked.has(m.userId)),
          ];
          audiences.set(row.id, audience);
          const item = presentItem(row, 'readonly');
          const updatedFields = Object.fromEntries(SHARED_ITEM_FIELDS.map((field) => [field, item[field]]));
          for (const { userId } of audience) {
            publisher.publish(userId, SOCKET_EVENTS.updateItem, {
              itemId: row.id,
              updatedFields,
              removedFields: [],
              ...echoTagFor(context, userId),
            });
          }
        }
      }
    })().catch(onError);
  }

  /** Tells the person's other clients their own state of an item (a star, a place in the Organizer). */
  function announcePersonal(userId: string, item: Item) {
    if (!publisher) return;
    publisher.publish(userId, SOCKET_EVENTS.updateItem, {
      itemId: item._id,
      updatedFields: Object.fromEntries(PERSONAL_ITEM_FIELDS.map((field) => [field, item[field]])),
      removedFields: [],
      ...echoTagFor(requestContext(), userId),
    });
  }

  /** Tells one person an item is no longer theirs to see (UPDATE_ITEM without access). */
  function announceGone(itemId: string, userId: string) {
    if (!publisher) return;
    const context = requestContext();
    publisher.publish(userId, SOCKET_EVENTS.updateItem, {
      itemId,
      updatedFields: {},
      removedFields: ['access'],
      ...echoTagFor(context, userId),
    });
  }

  async function authorize(user: UserRow, itemId: string, ability: ItemAbility, executor = db) {
    return authorizeItem(await accessLevelOf(executor, user.id, itemId), ability);
  }

  async function present(user: UserRow, itemId: string, level: AccessLevel, executor = db): Promise<Item> {
    const row = await findItemWithState(executor, user.id, itemId);
    if (!row) throw appErrors.notFound();
    return presentItem(row, level);
  }

  /** A box the caller may put things into (edit level, and really a box). */
  async function authorizeTargetBox(user: UserRow, boxId: string, executor: Kysely<Database>) {
    authorizeItem(await accessLevelOf(executor, user.id, boxId), 'edit');
    const box = await findItem(executor, boxId);
    if (box?.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
    if (box.archived_at !== null) throw appErrors.notFound();
    return box;
  }

  /** A position among the new parent's children, renumbering them if the fractions ran out. */
  async function placeIn(
    executor: Kysely<Database>,
    parentId: string,
    placement?: 'before' | 'after',
    anchorId?: string,
    movingId?: string,
  ): Promise<number> {
    const siblings = async () => (await childPositions(executor, parentId)).filter((s) => s.id !== movingId);
    const first = positionAmong(await siblings(), placement, anchorId);
    if (first !== undefined) return first;
    await renumberChildren(executor, parentId);
    return positionAmong(await siblings(), placement, anchorId) ?? POSITION_STEP;
  }

  function refuseRootBox(item: { is_root_box: number }) {
    if (item.is_root_box === 1) throw appErrors.badRequest('items.move.rootBox');
  }

  /**
   * Puts an item into a box the caller may edit, before or after an anchor (else last),
   * refusing the root box and any box moved into itself or below itself.
   */
  /**
   * Puts an item into a box (the caller must be able to edit both). Moving between boxes seen
   * by different people — out of a shared box into a private one, or into a box shared with
   * others — changes who sees the item, which is sharing it or unsharing it: only an owner of
   * the item may do that (403 'items.move.acrossShares'); an editor moves items only among
   * boxes with the same audience. Answers who could see the item before, for `announceMoved`.
   */
  async function moveInto(
    trx: Kysely<Database>,
    user: UserRow,
    {
      item,
      level,
    }: { item: { id: string; is_root_box: number; parent_id: string | null }; level: AccessLevel },
    parentId: string,
    placement?: 'before' | 'after',
    anchorId?: string,
    changes: ItemUpdateRow = {},
  ): Promise<Audience> {
    refuseRootBox(item);
    await authorizeTargetBox(user, parentId, trx);
    const intoItself = await isAtOrAbove(trx, item.id, parentId);
    if (intoItself === undefined) throw appErrors.conflict('items.tree.corrupt');
    if (intoItself) throw appErrors.badRequest('items.move.intoItself');
    const before = await audienceOf(trx, item.id);
    if (item.parent_id !== parentId && level !== 'owner') {
      const from = item.parent_id ? await audienceOf(trx, item.parent_id) : [];
      if (audienceKey(from) !== audienceKey(await audienceOf(trx, parentId))) {
        throw appErrors.forbidden('items.move.acrossShares');
      }
    }
    await updateItems(trx, [item.id], {
      ...changes,
      parent_id: parentId,
      position: await placeIn(trx, parentId, placement, anchorId, item.id),
      updated_at: now(),
    });
    return before;
  }

  /**
   * This instance's tree changes, one after another: a burst of moves waits here, not in the
   * connection pool, so reads (and the health check) still find a free connection.
   */
  let treeChanges: Promise<unknown> = Promise.resolve();

  /**
   * A transaction that changes the tree's shape: the tree lock is its first statement, so the
   * item, its parent and the boxes above the target are all read after any earlier move has
   * committed (see `lockTree`).
   */
  function treeChange<T>(change: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const run = treeChanges.then(() =>
      db.transaction().execute(async (trx) => {
        await lockTree(trx, engine);
        return change(trx);
      }),
    );
    treeChanges = run.catch(() => {});
    return run;
  }

  /** After a move: the news to those who still see the item, and to those who lost or gained it. */
  async function announceMoved(itemId: string, before: Audience) {
    announceChanged([itemId]);
    const after = new Set((await audienceOf(db, itemId)).map(({ userId }) => userId));
    for (const { userId } of before) if (!after.has(userId)) announceGone(itemId, userId);
    const had = new Set(before.map(({ userId }) => userId));
    for (const userId of after) if (!had.has(userId)) announceAdded(itemId, userId);
  }

  async function editableItem(user: UserRow, itemId: string, executor = db) {
    const level = await authorize(user, itemId, 'edit', executor);
    const item = await findItem(executor, itemId);
    if (!item) throw appErrors.notFound();
    return { item, level };
  }

  /**
   * Changes the caller's own state on an item and, when given, the shared target date (which
   * needs edit access; the rest needs read). `rankable`: the change puts the item in the
   * Organizer, which only text items may join.
   */
  async function changePersonalState(
    user: UserRow,
    itemId: string,
    personal: PersonalChanges,
    targetDate: number | null | undefined,
    rankable: boolean,
  ): Promise<Item> {
    const level = await authorize(user, itemId, targetDate !== undefined ? 'edit' : 'read');
    const item = await findItem(db, itemId);
    if (!item) throw appErrors.notFound();
    if (rankable && item.type !== 'todoText') throw appErrors.badRequest('items.prioritizable.textOnly');
    const at = now();
    await db.transaction().execute(async (trx) => {
      if (Object.keys(personal).length > 0) await upsertUserItem(trx, user.id, itemId, personal, at);
      if (targetDate !== undefined) {
        await updateItems(trx, [itemId], { target_date: targetDate, updated_at: at });
        await onTargetDateChanged?.(trx, { itemId, userId: user.id, targetDate, at });
      }
    });
    if (targetDate !== undefined) announceChanged([itemId]);
    const changed = await present(user, itemId, level);
    if (Object.keys(personal).length > 0) announcePersonal(user.id, changed);
    return changed;
  }

  return {
    // --- Slack inbox: items an integration creates on a user's behalf, inside the
    // integration's own transaction (so a retried delivery can never create a second one).
    /** A new box, last in the user's root box; undefined when the user has no root box. */
    async insertBoxInRootFor(
      trx: Kysely<Database>,
      userId: string,
      title: string,
    ): Promise<string | undefined> {
      const root = await findRootBox(trx, userId);
      if (!root) return undefined;
      const id = newId();
      const at = now();
      await insertItem(trx, {
        id,
        type: 'todoBox',
        title,
        parent_id: root.id,
        position: await placeIn(trx, root.id),
        created_by: userId,
        created_at: at,
        updated_at: at,
      });
      return id;
    },
    /**
     * A text item at the top of a box the user may still edit (newest first, like an inbox);
     * undefined when the box is gone, archived or no longer theirs to edit.
     */
    async insertTextAtTopFor(
      trx: Kysely<Database>,
      userId: string,
      boxId: string,
      title: string,
    ): Promise<string | undefined> {
      const level = await accessLevelOf(trx, userId, boxId);
      const box = await findItem(trx, boxId);
      if (!level || level === 'readonly' || box?.type !== 'todoBox' || box.archived_at !== null)
        return undefined;
      const first = (await childPositions(trx, boxId))[0];
      const id = newId();
      const at = now();
      await insertItem(trx, {
        id,
        type: 'todoText',
        title,
        parent_id: boxId,
        position: first ? first.position - POSITION_STEP : POSITION_STEP,
        created_by: userId,
        created_at: at,
        updated_at: at,
      });
      if (box.box_type === 'todo' && box.auto_add_to_unprioritized === 1)
        await upsertUserItem(trx, userId, id, { prioritizable: 1 }, at);
      return id;
    },
    /** After commit: everyone who can see the new item hears of it (ADD_ITEM). */
    announceCreated: (itemId: string) => announceAdded(itemId),
    // --- end Slack inbox

    /** After a share: the person now sees the item (and everything inside it). */
    announceShared: (itemId: string, userId: string) => announceAdded(itemId, userId),

    /** After a level change: the person's view of the item changed (their client refetches it). */
    announceLevelChanged(itemId: string, userId: string) {
      if (!publisher) return;
      const context = requestContext();
      publisher.publish(userId, SOCKET_EVENTS.updateItem, {
        itemId,
        updatedFields: {},
        removedFields: [],
        ...echoTagFor(context, userId),
      });
    },

    /** After a share ends: the item is gone for that person, unless they still reach it. */
    async announceUnshared(itemId: string, userId: string) {
      if (!(await accessLevelOf(db, userId, itemId))) announceGone(itemId, userId);
    },

    /** The caller's level on an item, checked against an ability (404 / 403 as the policy says). */
    authorize: (user: UserRow, itemId: string, ability: ItemAbility) => authorize(user, itemId, ability),

    async getItem(user: UserRow, itemId: string): Promise<Item> {
      return present(user, itemId, await authorize(user, itemId, 'read'));
    },

    /** The box and its visible sub-items in order (SPEC §4 "visible sub-items"). */
    async getItemsForPane(user: UserRow, itemId: string): Promise<{ item: Item; items: Item[] }> {
      const level = await authorize(user, itemId, 'read');
      const box = await findItemWithState(db, user.id, itemId);
      if (!box) throw appErrors.notFound();
      const showCompleted = box.show_completed === 1;
      const items = (await childrenWithState(db, user.id, itemId, { includeCompleted: showCompleted })).map(
        (row) => presentItem(row, level),
      );
      // Items shared with the user appear in their Workspace, after their own, unless the
      // user already reaches them through a shared box above.
      if (box.is_root_box === 1 && box.created_by === user.id) {
        for (const shared of await directShares(db, user.id)) {
          const reachedAbove = shared.parent_id && (await accessLevelOf(db, user.id, shared.parent_id));
          const item = presentItem(shared, shared.level as AccessLevel);
          if (!reachedAbove && isVisibleSubItem(item, showCompleted)) items.push(item);
        }
      }
      return {
        item: presentItem(
          box,
          level,
          items.map((child) => child._id),
        ),
        items,
      };
    },

    async countChildren(user: UserRow, itemId: string): Promise<number> {
      await authorize(user, itemId, 'read');
      return countVisibleChildren(db, itemId);
    },

    async createItem(user: UserRow, body: CreateItemBody): Promise<Item> {
      if (body.itemType === 'todoBox') {
        const error = boxTitleError(body.title ?? '');
        if (error) throw appErrors.badRequest('error.validation', { title: error });
      }
      const id = newId();
      const level = await db.transaction().execute(async (trx) => {
        const parent = await authorizeTargetBox(user, body.parentItemId, trx);
        const placement = body.beforeAfterReplace === 'replace' ? undefined : body.beforeAfterReplace;
        const at = now();
        await insertItem(trx, {
          id,
          type: body.itemType,
          box_type: body.boxType ?? 'todo',
          title: (body.title ?? '').trim(),
          parent_id: parent.id,
          position: await placeIn(trx, parent.id, placement, body.relativeToItemId),
          show_completed: body.itemType === 'todoBox' ? user.default_show_completed : 0,
          auto_add_to_unprioritized: body.itemType === 'todoBox' ? user.default_auto_add_to_unprioritized : 0,
          created_by: user.id,
          created_at: at,
          updated_at: at,
        });
        // A todo box with auto-add puts new text items into the creator's Unprioritized list.
        if (
          body.itemType === 'todoText' &&
          parent.box_type === 'todo' &&
          parent.auto_add_to_unprioritized === 1
        ) {
          await upsertUserItem(trx, user.id, id, { prioritizable: 1 }, at);
        }
        return (await accessLevelOf(trx, user.id, id)) ?? 'readonly';
      });
      announceAdded(id);
      return present(user, id, level);
    },

    async saveBoxTitle(user: UserRow, itemId: string, title: string): Promise<Item> {
      const { item, level } = await editableItem(user, itemId);
      if (item.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
      refuseRootBox(item);
      const error = boxTitleError(title);
      if (error) throw appErrors.badRequest('error.validation', { title: error });
      await updateItems(db, [itemId], { title: title.trim(), updated_at: now() });
      announceChanged([itemId]);
      return present(user, itemId, level);
    },

    async saveText(user: UserRow, itemId: string, title: string): Promise<Item> {
      const { item, level } = await editableItem(user, itemId);
      if (item.type !== 'todoText')
        throw appErrors.badRequest('error.validation', { itemId: 'validation.invalidValue' });
      await updateItems(db, [itemId], { title, updated_at: now() });
      announceChanged([itemId]);
      return present(user, itemId, level);
    },

    async updateSetting(
      user: UserRow,
      itemId: string,
      key: 'showCompletedItems' | 'autoAddToUnprioritized',
      value: boolean,
    ) {
      const { item, level } = await editableItem(user, itemId);
      if (item.type !== 'todoBox') throw appErrors.badRequest('items.setting.boxOnly');
      const column = key === 'showCompletedItems' ? 'show_completed' : 'auto_add_to_unprioritized';
      await updateItems(db, [itemId], { [column]: value ? 1 : 0, updated_at: now() });
      announceChanged([itemId]);
      return present(user, itemId, level);
    },

    /** Personal state (favourite, prioritizable) needs read access; the shared target date needs edit. */
    async updateItem(user: UserRow, body: UpdateItemBody): Promise<Item> {
      const personal: PersonalChanges = {};
      if (body.favourited !== undefined) personal.favourited = body.favourited ? 1 : 0;
      if (body.prioritizable !== undefined) {
        personal.prioritizable = body.prioritizable ? 1 : 0;
        // Switching prioritizable off takes the item out of the Organizer.
        if (!body.prioritizable) Object.assign(personal, { priority: null, marked_for_today: 0 });
      }
      return changePersonalState(
        user,
        body.itemId,
        personal,
        body.priorityTargetDate,
        body.prioritizable === true,
      );
    },

    /** Completing a box completes everything inside it and clears their priorities, together. */
    async setCompleted(user: UserRow, itemId: string, completed: boolean): Promise<Item> {
      const { item, level } = await editableItem(user, itemId);
      refuseRootBox(item);
      const at = now();
      const ids = await db.transaction().execute(async (trx) => {
        const changed =
          completed && item.type === 'todoBox' ? [itemId, ...(await descendantIds(trx, itemId))] : [itemId];
        await updateItems(trx, changed, { completed_at: completed ? at : null, updated_at: at });
        if (completed) await clearPriorities(trx, changed, at);
        return changed;
      });
      announceChanged(ids);
      return present(user, itemId, level);
    },

    /** Archives an item: its panes (and those of anything inside it) close. */
    async archive(user: UserRow, itemId: string): Promise<Item> {
      const { item, level } = await editableItem(user, itemId);
      refuseRootBox(item);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await updateItems(trx, [itemId], { archived_at: at, auto_archive_at: null, updated_at: at });
        await deletePanesShowing(trx, [itemId, ...(await descendantIds(trx, itemId))]);
      });
      announceChanged([itemId]);
      return present(user, itemId, level);
    },

    /** Restores an archived item into a box the caller chooses (and may edit), last in it. */
    async unarchive(user: UserRow, itemId: string, parentItemId: string): Promise<Item> {
      const moved = await treeChange(async (trx) => {
        const editable = await editableItem(user, itemId, trx);
        const before = await moveInto(trx, user, editable, parentItemId, undefined, undefined, {
          archived_at: null,
        });
        return { level: editable.level, before };
      });
      await announceMoved(itemId, moved.before);
      return present(user, itemId, moved.level);
    },

    /** Sets (or with amount null, clears) the moment the item archives itself. */
    async setAutoArchive(user: UserRow, body: AutoArchiveBody): Promise<Item> {
      const { item, level } = await editableItem(user, body.itemId);
      refuseRootBox(item);
      const at = now();
      const duration: AutoArchiveDuration | null = body.amount === null ? null : (body.duration ?? null);
      await updateItems(db, [body.itemId], {
        auto_archive_amount: body.amount,
        auto_archive_duration: duration,
        auto_archive_at:
          body.amount === null || !duration ? null : add(at, { [duration]: body.amount }).getTime(),
        updated_at: at,
      });
      announceChanged([body.itemId]);
      return present(user, body.itemId, level);
    },

    /**
     * Moves an item into a box (move-to-new-parent, and drags within or between panes): before
     * or after an anchor, else last. `fromParentId`, when given, must still be the item's box:
     * a drag made on a stale view answers 409 and changes nothing.
     */
    async moveItem(
      user: UserRow,
      move: {
        itemId: string;
        parentId: string;
        placement?: 'before' | 'after';
        anchorId?: string | null;
        fromParentId?: string;
      },
    ): Promise<Item> {
      const moved = await treeChange(async (trx) => {
        const editable = await editableItem(user, move.itemId, trx);
        if (move.fromParentId !== undefined && move.fromParentId !== editable.item.parent_id)
          throw appErrors.conflict();
        const before = await moveInto(
          trx,
          user,
          editable,
          move.parentId,
          move.placement,
          move.anchorId ?? undefined,
        );
        return { level: editable.level, before };
      });
      await announceMoved(move.itemId, moved.before);
      return present(user, move.itemId, moved.level);
    },

    /** Searches titles among everything the caller can see (SPEC §1 search scopes and toggles). */
    async search(user: UserRow, body: SearchItemsBody): Promise<SearchResult[]> {
      const root = body.scope === 'workspace' ? await findRootBox(db, user.id) : undefined;
      const rows = await searchVisibleItems(db, user.id, {
        term: body.searchTerm.trim(),
        includeArchived: body.includeArchived,
        includeCompleted: body.includeCompleted,
        scope: body.scope,
        ...(root ? { rootBoxId: root.id } : {}),
      });
      // The parent box shows only when the caller sees it too.
      return rows.map((row) => ({
        ...presentItem(row, row.level),
        parentItemId: row.visible_parent_id,
        parentTitle: row.parent_title,
      }));
    },

    /**
     * Ranks an item in the caller's Organizer (making it prioritizable), marks it for Today,
     * and sets the shared target date (which needs edit access). Only text items rank.
     */
    async updatePriority(user: UserRow, body: UpdatePriorityBody): Promise<Item> {
      const personal: PersonalChanges = { prioritizable: 1, priority: body.priority };
      if (body.markedAsForToday !== undefined) personal.marked_for_today = body.markedAsForToday ? 1 : 0;
      return changePersonalState(user, body.itemId, personal, body.priorityTargetDate, true);
    },

    /** Renumbers the caller's prioritised items 16384, 32768, … keeping their order. */
    async reindexPriorities(user: UserRow): Promise<Record<string, number>> {
      const ranked = await organizerRankedKeys(db, user.id, 'all');
      const priorities = reindexedPriorities(ranked.map((row) => row.id));
      await db.transaction().execute((trx) => setPriorities(trx, user.id, priorities, now()));
      return Object.fromEntries(priorities);
    },

    /** Items linked to the caller directly (their root box, and what others shared with them). */
    async associatedItems(user: UserRow, limitToType: string | undefined): Promise<Item[]> {
      const rows = await associatedItemsWithState(db, user.id, limitToType);
      return rows.map((row) => presentItem(row, row.level as AccessLevel));
    },

    /**
     * The scheduler's sweep: archives what is due, closing its panes, each item in its own
     * transaction. An item that fails is reported to `onAutoArchiveFailed` and stays due, so
     * the next sweep tries it again, and it never holds back anyone else's. Returns the
     * archived ids.
     */
    async runAutoArchive(at: number = now()): Promise<string[]> {
      const archived: string[] = [];
      for (const id of await dueAutoArchives(db, at)) {
        try {
          const claimed = await db.transaction().execute(async (trx) => {
            if (!(await claimAutoArchive(trx, id, at))) return false;
            await deletePanesShowing(trx, [id, ...(await descendantIds(trx, id))]);
            return true;
          });
          if (claimed) archived.push(id);
        } catch (error) {
          onAutoArchiveFailed(id, error);
        }
      }
      announceChanged(archived);
      return archived;
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
