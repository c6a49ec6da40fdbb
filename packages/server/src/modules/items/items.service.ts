import type { AutoArchiveDuration } from '@nestbox/shared/constants';
import type {
  AccessLevel,
  AutoArchiveBody,
  BoxType,
  CreateItemBody,
  Item,
  ItemsForPane,
  ItemType,
  SearchItemsBody,
  SearchResult,
  UpdateItemBody,
} from '@nestbox/shared/items/item.schema';
import { boxTitleError, isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import { tagOfTerm } from '@nestbox/shared/tags/tags';
import { add } from 'date-fns';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import { createWriteRunner } from '../../db/run-write.js';
import type { Db, Executor, ItemRow, Tx, UserRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { AccessService, Audience, LevelCheck } from '../access/index.js';
import type { UndoEntry, UndoService } from '../undo/index.js';
import { type PaneRow, reopenPanes } from '../workspace/index.js';
import { archiveIfDue, archiveItem } from './commands/archive-item.js';
import { completeItem } from './commands/complete-item.js';
import { moveItem } from './commands/move-item.js';
import { reorderItem } from './commands/reorder-item.js';
import { restoreItem } from './commands/restore-item.js';
import { checkedItem, editableBox, editableItem, refuseRootBox } from './item-guards.js';
import { presentItem } from './items.presenter.js';
import {
  associatedItemsWithState,
  childIdsInOrder,
  childrenWithState,
  countVisibleChildren,
  directShares,
  dueAutoArchives,
  findItem,
  findItemsWithState,
  findItemWithState,
  findRootBox,
  findUserItem,
  insertItem,
  insertItemRows,
  insertUserItemRows,
  lastChildPosition,
  lockBox,
  lockTree,
  POSITION_STEP,
  type Rank,
  reopenCompletedAt,
  restoreRanksClearedAt,
  searchVisibleItems,
  setTextTitle,
  updateItems,
  upsertUserItem,
} from './items.repository.js';
import { lockPlacesIn, type Place, placeIn, placeOf } from './positions.js';
import { createRecurrenceFlows } from './recurrence.service.js';

/** The caller's own state on an item (user_items columns). */
export type PersonalChanges = {
  favourited?: number;
  prioritizable?: number;
  priority?: number | null;
  marked_for_today?: number;
};

/** A change's answer, and the id that undoes it when it can be undone (`X-Undo-Id`). */
export interface Undoable<T> {
  value: T;
  undoId: string | undefined;
}

/** What undoes an archive: the item's archive state before, and the panes it closed. */
interface ArchiveUndo {
  itemId: string;
  at: number;
  archivedAt: number | null;
  autoArchiveAt: number | null;
  panes: PaneRow[];
}

/**
 * What undoes a completion: the item completed, and when. Its rows are every item it completed
 * (`['item', id]`) and every rank it cleared (`['rank', userId, itemId, priority, markedForToday]`).
 */
interface CompletionUndo {
  itemId: string;
  at: number;
  /** The recurrence a 'complete forever' ended. */
  recurrence?: { rule: string; done: number };
}
type CompletionUndoRow = ['item', string] | ['rank', string, string, number | null, number];

/** What undoes a move: where the item was, and the box it went to. */
interface MoveUndo {
  itemId: string;
  at: number;
  parentId: string;
  from: Place;
}

/** What undoes the loss of a rank or a target date: what they were, and what the reminders lost with the date. */
interface PersonalUndo {
  itemId: string;
  at: number;
  rank?: { prioritizable: number; priority: number | null; marked_for_today: number };
  targetDate?: { before: number; reminders: unknown; rule?: string | null };
}

const changedSince = () => appErrors.conflict('undo.changedSince');

/** A new item: where it goes and what it is. */
export interface NewItem {
  /** The id the client chose (see NewItemIdSchema); else a new one. */
  id?: string | undefined;
  parentId: string;
  itemType: ItemType;
  title: string;
  boxType?: CreateItemBody['boxType'];
  /** Before or after `anchorId`, first in the box, else last. */
  placement?: 'before' | 'after' | 'first' | undefined;
  anchorId?: string | undefined;
}

/**
 * One item of a new tree (an import), in depth-first order: `parent` is the index of its box
 * among the tree's items, or null for the items that go straight into the target box.
 */
export interface NewTreeItem {
  parent: number | null;
  itemType: ItemType;
  boxType: BoxType;
  title: string;
  createdAt: number;
  completedAt: number | null;
  archivedAt: number | null;
  targetDate: number | null;
  autoArchive: { amount: number; duration: AutoArchiveDuration } | null;
  /** Boxes only. */
  settings: { showCompleted: boolean; autoAddToUnprioritized: boolean } | null;
  /** Dated texts only: the RRULE, from-completion and the occurrences completed. */
  recurrence?: { rule: string; fromCompletion: boolean; done: number } | null;
  /** The creator's own state; texts only may be prioritizable. */
  personal: { favourited: boolean; prioritizable: boolean; priority: number | null; markedForToday: boolean };
}

/**
 * Boxes and text items: reading, creating, editing, completing, archiving, restoring and
 * moving them, each checked against the caller's level on the item (and on any box it goes
 * into). Changes are told to the domain events after they commit.
 */
export function createItemsService({
  db,
  engine,
  access,
  events,
  now,
  onTargetDateChanged,
  onTargetDateRestored,
  undo,
}: {
  db: Db;
  /** Which engine `db` runs on: how `lockTree` serialises changes to the tree. */
  engine: DbEngine;
  access: AccessService;
  events: DomainEventBus;
  now: Clock;
  /**
   * Reminders: re-plans an item's reminders inside the transaction that changes its target
   * date; answers what it removed with a cleared date, for an undo to give back.
   */
  onTargetDateChanged?: (
    trx: Executor,
    change: { itemId: string; userId: string; targetDate: number | null; at: number },
  ) => Promise<unknown>;
  /** Reminders: an undo put the target date back; what `onTargetDateChanged` removed comes back. */
  onTargetDateRestored?: (
    trx: Executor,
    change: { itemId: string; targetDate: number; removed: unknown; at: number },
  ) => Promise<void>;
  /** Records the changes that can be undone, and is told how to undo them. */
  undo?: UndoService;
}) {
  const runWrite = createWriteRunner({ db, events });
  const authorize = (user: UserRow, itemId: string, check: LevelCheck, executor: Executor) =>
    access.authorize(user.id, itemId, check, executor);

  async function present(
    userId: string,
    itemId: string,
    level: AccessLevel,
    executor: Executor,
  ): Promise<Item> {
    const row = await findItemWithState(executor, userId, itemId);
    if (!row) throw appErrors.notFound();
    return withSeenParent(userId, presentItem(row, level), executor);
  }

  /**
   * The item with its box named only when the caller sees that box too, as search, the finder
   * and the Organizer show it: an item shared on its own says nothing of where it lives.
   */
  async function withSeenParent(userId: string, item: Item, executor: Executor): Promise<Item> {
    if (item.parentItemId === null || (await access.levelOf(userId, item.parentItemId, executor)))
      return item;
    return { ...item, parentItemId: null };
  }

  /**
   * Items shared with the user that show in their own Workspace, after its children: those
   * the user does not already reach through a shared box above, visible as the box shows.
   */
  async function sharedIntoWorkspace(user: UserRow, box: ItemRow): Promise<Item[]> {
    if (box.is_root_box !== 1 || box.created_by !== user.id) return [];
    const items: Item[] = [];
    for (const shared of await directShares(db, user.id)) {
      const reachedAbove = shared.parent_id && (await access.levelOf(user.id, shared.parent_id, db));
      const item = { ...presentItem(shared, shared.level), parentItemId: null };
      if (!reachedAbove && isVisibleSubItem(item, box.show_completed === 1)) items.push(item);
    }
    return items;
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
  function treeChange<T>(change: (trx: Tx) => Promise<T>): Promise<T> {
    const run = treeChanges.then(() =>
      db.transaction().execute(async (trx) => {
        await lockTree(trx, engine);
        return change(trx);
      }),
    );
    treeChanges = run.catch(() => {});
    return run;
  }

  /**
   * Moves or restores an item as one tree change, then tells who saw it and who sees it now.
   * The change answers who saw it before and, when it can be undone, the undo id.
   */
  async function relocate(
    user: UserRow,
    itemId: string,
    change: (
      trx: Tx,
      editable: { item: ItemRow; level: AccessLevel },
    ) => Promise<{ audienceBefore: Audience; undoId?: string | undefined }>,
  ): Promise<Undoable<Item>> {
    const { level, audienceBefore, undoId } = await treeChange(async (trx) => {
      const editable = await editableItem(trx, access, user.id, itemId);
      return { level: editable.level, ...(await change(trx, editable)) };
    });
    events.emit('item.moved', { itemId, audienceBefore });
    return { value: await present(user.id, itemId, level, db), undoId };
  }

  /**
   * A creation sent again with the id its client chose (a change queued offline, replayed after
   * its answer was lost): the item it made, when the caller made it and still sees it. An id
   * someone else's item has is refused (409), and nothing is written.
   */
  async function madeBefore(user: UserRow, itemId: string): Promise<Item | undefined> {
    const row = await findItem(db, itemId);
    if (!row) return undefined;
    const level = row.created_by === user.id ? await access.levelOf(user.id, itemId, db) : undefined;
    if (!level) throw appErrors.conflict('items.id.taken');
    return present(user.id, itemId, level, db);
  }

  /**
   * Inserts an item inside the caller's transaction, into a box `userId` may edit; a text
   * item in a todo box with auto-add joins the creator's Unprioritized list. The caller emits
   * `items.created` once its transaction committed.
   */
  async function insertItemIn(
    trx: Tx,
    userId: string,
    item: NewItem,
    boxDefaults: { showCompleted: number; autoAdd: number } = { showCompleted: 0, autoAdd: 0 },
  ): Promise<string> {
    const parent = await editableBox(trx, access, userId, item.parentId);
    const id = item.id ?? newId();
    const at = now();
    const isBox = item.itemType === 'todoBox';
    await insertItem(trx, {
      id,
      type: item.itemType,
      box_type: item.boxType ?? 'todo',
      title: item.title.trim(),
      parent_id: parent.id,
      position: await placeIn(trx, parent.id, { placement: item.placement, anchorId: item.anchorId }),
      show_completed: isBox ? boxDefaults.showCompleted : 0,
      auto_add_to_unprioritized: isBox ? boxDefaults.autoAdd : 0,
      created_by: userId,
      created_at: at,
      updated_at: at,
    });
    if (!isBox && parent.box_type === 'todo' && parent.auto_add_to_unprioritized === 1)
      await upsertUserItem(trx, userId, id, { prioritizable: 1 }, at);
    return id;
  }

  /**
   * Writes a person's own state on an item and, when given, the shared target date with what
   * follows from it (their linked reminder, the item's reminders re-planned), inside the
   * caller's transaction, rights already checked. The caller tells the domain events. Answers
   * what the reminders lost with a cleared date, for an undo to give back.
   */
  async function writePersonalState(
    trx: Tx,
    userId: string,
    itemId: string,
    personal: PersonalChanges,
    targetDate: number | null | undefined,
    at = now(),
  ): Promise<unknown> {
    if (Object.keys(personal).length > 0) await upsertUserItem(trx, userId, itemId, personal, at);
    if (targetDate === undefined) return undefined;
    // A recurrence needs a date: clearing the date ends it.
    const noRule = targetDate === null ? { recurrence_rule: null } : {};
    await updateItems(trx, [itemId], { target_date: targetDate, ...noRule, updated_at: at });
    return onTargetDateChanged?.(trx, { itemId, userId, targetDate, at });
  }

  /**
   * Changes the caller's own state on an item and, when given, the shared target date (which
   * needs edit access; the rest needs any level, being personal). `rankable`: the change puts
   * the item in the Organizer, which only text items may join.
   */
  async function changePersonalState(
    user: UserRow,
    itemId: string,
    personal: PersonalChanges,
    { targetDate, rankable }: { targetDate: number | null | undefined; rankable: boolean },
  ): Promise<Undoable<Item>> {
    return runWrite(async (trx) => {
      const { item: itemBefore, level } = await checkedItem(
        trx,
        access,
        user.id,
        itemId,
        targetDate !== undefined ? 'edit' : 'read',
      );
      if (rankable && itemBefore.type !== 'todoText')
        throw appErrors.badRequest('items.prioritizable.textOnly');
      const at = now();
      const rankBefore = await findUserItem(trx, user.id, itemId);
      const dateBefore = itemBefore.target_date;
      const removed = await writePersonalState(trx, user.id, itemId, personal, targetDate, at);
      // Taking away a priority (unprioritising) or clearing a target date can be undone.
      const lostRank =
        rankBefore && rankBefore.priority !== null && personal.priority === null
          ? {
              prioritizable: rankBefore.prioritizable,
              priority: rankBefore.priority,
              marked_for_today: rankBefore.marked_for_today,
            }
          : undefined;
      const losesDate = dateBefore !== null && targetDate === null;
      const undoId =
        undo && (lostRank || losesDate)
          ? await undo.record<PersonalUndo, never>(trx, {
              userId: user.id,
              kind: 'items.personal',
              payload: {
                itemId,
                at,
                ...(lostRank ? { rank: lostRank } : {}),
                ...(losesDate
                  ? {
                      targetDate: {
                        before: dateBefore,
                        reminders: removed ?? null,
                        rule: itemBefore.recurrence_rule,
                      },
                    }
                  : {}),
              },
            })
          : undefined;
      const changed = await present(user.id, itemId, level, trx);
      return {
        value: { value: changed, undoId },
        events: [
          ...(targetDate === undefined ? [] : [['items.changed', { itemIds: [itemId] }] as const]),
          ...(Object.keys(personal).length === 0
            ? []
            : [['item.personalChanged', { userId: user.id, item: changed }] as const]),
        ],
      };
    });
  }

  /** Puts back a lost rank and target date (and what the reminders lost with the date). */
  async function restorePersonal(user: UserRow, entry: UndoEntry<PersonalUndo, never>): Promise<void> {
    const { itemId, at, rank, targetDate } = entry.payload;
    const level = await db.transaction().execute(async (trx) => {
      await entry.claim(trx);
      const level = await authorize(user, itemId, targetDate ? 'edit' : 'read', trx);
      const item = await findItem(trx, itemId);
      if (!item) throw appErrors.notFound();
      const restoredAt = now();
      if (rank) {
        if ((await findUserItem(trx, user.id, itemId))?.updated_at !== at) throw changedSince();
        await upsertUserItem(trx, user.id, itemId, rank, restoredAt);
      }
      if (targetDate) {
        if (item.updated_at !== at) throw changedSince();
        await updateItems(trx, [itemId], {
          target_date: targetDate.before,
          recurrence_rule: targetDate.rule ?? null,
          updated_at: restoredAt,
        });
        await onTargetDateRestored?.(trx, {
          itemId,
          targetDate: targetDate.before,
          removed: targetDate.reminders,
          at: restoredAt,
        });
      }
      return level;
    });
    if (targetDate) events.emit('items.changed', { itemIds: [itemId] });
    if (rank)
      events.emit('item.personalChanged', {
        userId: user.id,
        item: await present(user.id, itemId, level, db),
      });
  }

  /** Puts an archived item back where it was, with its auto-archive plan and the panes that showed it. */
  async function restoreArchived(user: UserRow, entry: UndoEntry<ArchiveUndo, never>): Promise<void> {
    const { itemId, at, archivedAt, autoArchiveAt, panes } = entry.payload;
    await db.transaction().execute(async (trx) => {
      await entry.claim(trx);
      const { item } = await editableItem(trx, access, user.id, itemId);
      if (item.updated_at !== at || item.archived_at !== at) throw changedSince();
      await updateItems(trx, [itemId], {
        archived_at: archivedAt,
        auto_archive_at: autoArchiveAt,
        updated_at: now(),
      });
      await reopenPanes(trx, panes);
    });
    events.emit('items.changed', { itemIds: [itemId] });
  }

  /**
   * Reopens what a completion completed (each item it completed, and only those) and gives
   * everyone back the ranks it cleared, a recorded slice at a time.
   */
  async function restoreCompletion(
    user: UserRow,
    entry: UndoEntry<CompletionUndo, CompletionUndoRow>,
  ): Promise<void> {
    const { itemId, at, recurrence: ended } = entry.payload;
    const reopened = await db.transaction().execute(async (trx) => {
      const slices = await entry.claim(trx);
      await editableItem(trx, access, user.id, itemId);
      const restoredAt = now();
      const reopened: string[] = [];
      const ranks: Rank[] = [];
      for await (const slice of slices)
        for (const row of slice)
          if (row[0] === 'item') reopened.push(row[1]);
          else ranks.push({ user_id: row[1], item_id: row[2], priority: row[3], marked_for_today: row[4] });
      // Set-based: each statement checks that what it writes is as the completion left it.
      if (!(await reopenCompletedAt(trx, engine, reopened, { at, now: restoredAt }))) throw changedSince();
      if (!(await restoreRanksClearedAt(trx, ranks, { at, now: restoredAt }))) throw changedSince();
      if (ended)
        await updateItems(trx, [itemId], { recurrence_rule: ended.rule, recurrence_done: ended.done });
      return reopened;
    });
    events.emit('items.changed', { itemIds: reopened });
  }

  /**
   * Moves an item back to the place it had, as a move does it (the tree lock, the checks
   * against moving into itself and across shares), while it is where the move put it.
   */
  async function restorePlace(user: UserRow, entry: UndoEntry<MoveUndo, never>): Promise<void> {
    const { itemId, at, parentId, from } = entry.payload;
    await relocate(user, itemId, async (trx, { item, level }) => {
      await entry.claim(trx);
      if (item.updated_at !== at || item.parent_id !== parentId) throw changedSince();
      await lockBox(trx, engine, from.parentId);
      return {
        audienceBefore: await moveItem(trx, access, {
          user,
          item,
          level,
          parentId: from.parentId,
          place: from,
          at: now(),
        }),
      };
    });
  }

  undo?.handle('items.archive', restoreArchived);
  undo?.handle('items.complete', restoreCompletion);
  undo?.handle('items.move', restorePlace);
  undo?.handle('items.personal', restorePersonal);

  const recurrence = createRecurrenceFlows({
    db,
    runWrite,
    now,
    events,
    undo,
    access,
    present: (userId, itemId, level) => present(userId, itemId, level, db),
    onTargetDateChanged,
    onTargetDateRestored,
  });

  /**
   * Inserts a whole tree of new items (an import) last into a box `userId` may edit, inside
   * the caller's transaction: rows and the creator's personal state in batches, each box's
   * children in order. Answers the new ids, in the order given. The caller emits the events.
   */
  async function insertTreeIn(
    trx: Tx,
    userId: string,
    parentId: string,
    tree: readonly NewTreeItem[],
    at = now(),
  ): Promise<string[]> {
    const target = await editableBox(trx, access, userId, parentId);
    // Held to the end of the import: its items follow the box's last child, and no create or
    // other import may take places among them meanwhile.
    await lockPlacesIn(trx, target.id);
    const ids = tree.map(() => newId());
    const lastPosition = new Map<string, number>([
      [target.id, (await lastChildPosition(trx, target.id)) ?? 0],
    ]);
    const rows = tree.map((item, index) => {
      const parent = item.parent === null ? target.id : (ids[item.parent] as string);
      const position = (lastPosition.get(parent) ?? 0) + POSITION_STEP;
      lastPosition.set(parent, position);
      const isBox = item.itemType === 'todoBox';
      return {
        id: ids[index] as string,
        type: item.itemType,
        box_type: item.boxType,
        title: item.title,
        parent_id: parent,
        position,
        completed_at: item.completedAt,
        archived_at: item.archivedAt,
        auto_archive_amount: item.autoArchive?.amount ?? null,
        auto_archive_duration: item.autoArchive?.duration ?? null,
        auto_archive_at:
          item.autoArchive && item.archivedAt === null
            ? add(at, { [item.autoArchive.duration]: item.autoArchive.amount }).getTime()
            : null,
        target_date: item.targetDate,
        recurrence_rule: item.recurrence?.rule ?? null,
        recur_from_completion: item.recurrence?.fromCompletion ? 1 : 0,
        recurrence_done: item.recurrence?.done ?? 0,
        show_completed: isBox && item.settings?.showCompleted ? 1 : 0,
        auto_add_to_unprioritized: isBox && item.settings?.autoAddToUnprioritized ? 1 : 0,
        created_by: userId,
        created_at: item.createdAt,
        updated_at: at,
      };
    });
    await insertItemRows(trx, rows);
    const personal = tree.flatMap((item, index) => {
      const { favourited, markedForToday } = item.personal;
      const rankable = item.itemType === 'todoText' && item.personal.prioritizable;
      if (!favourited && !rankable) return [];
      return [
        {
          user_id: userId,
          item_id: ids[index] as string,
          favourited: favourited ? 1 : 0,
          prioritizable: rankable ? 1 : 0,
          priority: rankable ? item.personal.priority : null,
          marked_for_today: rankable && markedForToday ? 1 : 0,
          created_at: at,
          updated_at: at,
        },
      ];
    });
    await insertUserItemRows(trx, personal);
    return ids;
  }

  return {
    insertItemIn,
    madeBefore,
    insertTreeIn,
    writePersonalState,
    writeRecurrence: recurrence.writeRecurrence,
    setRecurrence: recurrence.setRecurrence,
    completions: recurrence.completions,

    /** Whether `userId` may put items into this box now (it is still there, a box, and theirs to edit). */
    async mayAddTo(userId: string, boxId: string, tx: Tx): Promise<boolean> {
      return editableBox(tx, access, userId, boxId).then(
        () => true,
        (error: unknown) => {
          // A refusal (gone, archived, not a box, not theirs to edit) is an answer; a failure is not.
          if (error instanceof AppError) return false;
          throw error;
        },
      );
    },

    /** A box `userId` may put items into (edit level, a box, not archived); 403 or 404 otherwise. */
    editableBoxOf: (userId: string, boxId: string, tx: Tx) => editableBox(tx, access, userId, boxId),

    /** The user's Workspace (root box). */
    rootBoxOf: (userId: string, executor: Executor) => findRootBox(executor, userId),

    /** An item as one person sees it, at their level (undefined once it is gone). */
    async presentFor(userId: string, itemId: string, level: AccessLevel): Promise<Item | undefined> {
      const row = await findItemWithState(db, userId, itemId);
      return row ? withSeenParent(userId, presentItem(row, level), db) : undefined;
    },

    /** These items' shared fields, as nobody in particular sees them, with their parents. */
    async sharedViews(itemIds: readonly string[]): Promise<{ item: Item; parentId: string | null }[]> {
      return (await findItemsWithState(db, '', itemIds)).map((row) => ({
        item: presentItem(row, 'readonly'),
        parentId: row.parent_id,
      }));
    },

    async getItem(user: UserRow, itemId: string): Promise<Item> {
      return present(user.id, itemId, await authorize(user, itemId, 'read', db), db);
    },

    /**
     * The box and its visible sub-items in order (SPEC §4 "visible sub-items"): all of them,
     * or with `limit` a page of them from `offset` on, and where the next page starts. From
     * offset 0 the box lists every visible sub-item's id (`subItemsIndex`); a page reads the
     * order as ids and full rows for its own items only.
     */
    async getItemsForPane(
      user: UserRow,
      itemId: string,
      { limit, offset = 0 }: { limit?: number | undefined; offset?: number | undefined } = {},
    ): Promise<ItemsForPane> {
      const level = await authorize(user, itemId, 'read', db);
      const box = await findItemWithState(db, user.id, itemId);
      if (!box) throw appErrors.notFound();
      const includeCompleted = box.show_completed === 1;
      const shared = await sharedIntoWorkspace(user, box);
      if (limit === undefined && offset === 0) {
        const children = await childrenWithState(db, user.id, itemId, { includeCompleted });
        const items = [...children.map((row) => presentItem(row, level)), ...shared];
        return {
          item: await withSeenParent(
            user.id,
            presentItem(
              box,
              level,
              items.map((child) => child._id),
            ),
            db,
          ),
          items,
        };
      }
      const ids = [
        ...(await childIdsInOrder(db, itemId, { includeCompleted })),
        ...shared.map((item) => item._id),
      ];
      const end = limit === undefined ? ids.length : Math.min(ids.length, offset + limit);
      const pageIds = ids.slice(offset, end);
      const found = new Map(shared.map((item) => [item._id, item]));
      for (const chunk of idChunks(pageIds.filter((id) => !found.has(id)))) {
        for (const row of await childrenWithState(db, user.id, itemId, { includeCompleted, ids: chunk }))
          found.set(row.id, presentItem(row, level));
      }
      return {
        item: await withSeenParent(user.id, presentItem(box, level, offset === 0 ? ids : undefined), db),
        // A row archived or moved since its id was read is left out; its pane reads again then.
        items: pageIds.flatMap((id) => found.get(id) ?? []),
        ...(limit === undefined ? {} : { next: end < ids.length ? end : null }),
      };
    },

    async countChildren(user: UserRow, itemId: string): Promise<number> {
      await authorize(user, itemId, 'read', db);
      return countVisibleChildren(db, itemId);
    },

    async createItem(user: UserRow, body: CreateItemBody): Promise<Item> {
      if (body.itemType === 'todoBox') {
        const error = boxTitleError(body.title ?? '');
        if (error) throw appErrors.badRequest('error.validation', { title: error });
      }
      const made = body.itemId ? await madeBefore(user, body.itemId) : undefined;
      if (made) return made;
      const { id, level } = await db.transaction().execute(async (trx) => {
        const created = await insertItemIn(
          trx,
          user.id,
          {
            id: body.itemId,
            parentId: body.parentItemId,
            itemType: body.itemType,
            title: body.title ?? '',
            boxType: body.boxType,
            placement: body.beforeAfterReplace === 'replace' ? undefined : body.beforeAfterReplace,
            anchorId: body.relativeToItemId,
          },
          { showCompleted: user.default_show_completed, autoAdd: user.default_auto_add_to_unprioritized },
        );
        return { id: created, level: (await access.levelOf(user.id, created, trx)) ?? 'readonly' };
      });
      events.emit('items.created', { itemIds: [id] });
      return present(user.id, id, level, db);
    },

    async saveBoxTitle(user: UserRow, itemId: string, title: string): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, itemId);
        if (item.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
        refuseRootBox(item);
        const error = boxTitleError(title);
        if (error) throw appErrors.badRequest('error.validation', { title: error });
        await updateItems(tx, [itemId], { title: title.trim(), updated_at: now() });
        return { value: level, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return present(user.id, itemId, level, db);
    },

    async saveText(user: UserRow, itemId: string, title: string): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, itemId);
        if (item.type !== 'todoText')
          throw appErrors.badRequest('error.validation', { itemId: 'validation.invalidValue' });
        await setTextTitle(tx, itemId, title, now());
        return { value: level, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return present(user.id, itemId, level, db);
    },

    async updateSetting(
      user: UserRow,
      itemId: string,
      key: 'showCompletedItems' | 'autoAddToUnprioritized',
      value: boolean,
    ) {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, itemId);
        if (item.type !== 'todoBox') throw appErrors.badRequest('items.setting.boxOnly');
        const column = key === 'showCompletedItems' ? 'show_completed' : 'auto_add_to_unprioritized';
        await updateItems(tx, [itemId], { [column]: value ? 1 : 0, updated_at: now() });
        return { value: level, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return present(user.id, itemId, level, db);
    },

    /** Personal state (favourite, prioritizable) needs read access; the shared target date needs edit. */
    async updateItem(user: UserRow, body: UpdateItemBody): Promise<Undoable<Item>> {
      const personal: PersonalChanges = {};
      if (body.favourited !== undefined) personal.favourited = body.favourited ? 1 : 0;
      if (body.prioritizable !== undefined) {
        personal.prioritizable = body.prioritizable ? 1 : 0;
        // Switching prioritizable off takes the item out of the Organizer.
        if (!body.prioritizable) Object.assign(personal, { priority: null, marked_for_today: 0 });
      }
      return changePersonalState(user, body.itemId, personal, {
        targetDate: body.priorityTargetDate,
        rankable: body.prioritizable === true,
      });
    },

    changePersonalState,

    /**
     * Completing a box completes everything inside it still open and clears their priorities,
     * together; a completion can be undone.
     */
    async setCompleted(
      user: UserRow,
      itemId: string,
      completed: boolean,
      {
        occurrence,
        forever = false,
      }: { occurrence?: number | undefined; forever?: boolean | undefined } = {},
    ): Promise<Undoable<Item>> {
      const { level, undoId } = await runWrite(async (trx) => {
        const { item: current, level } = await editableItem(trx, access, user.id, itemId);
        // A recurring item moves on to its next occurrence instead, unless completed forever.
        const advanced =
          completed && !forever ? await recurrence.advance(trx, user, current, occurrence) : undefined;
        if (advanced === 'already') return { value: { level, undoId: undefined }, events: [] };
        if (advanced)
          return {
            value: { level, undoId: advanced.undoId },
            events: [['items.changed', { itemIds: [itemId] }]],
          };
        refuseRootBox(current);
        const at = now();
        const ended =
          completed && forever && current.recurrence_rule !== null
            ? { rule: current.recurrence_rule, done: current.recurrence_done }
            : undefined;
        if (ended) await updateItems(trx, [itemId], { recurrence_rule: null, updated_at: at });
        const { changed, cleared } = await completeItem(trx, { item: current, completed, at });
        const told = changed.length > 0 ? ([['items.changed', { itemIds: changed }]] as const) : [];
        if (!undo || !completed || changed.length === 0)
          return { value: { level, undoId: undefined }, events: told };
        const rows: CompletionUndoRow[] = [
          ...changed.map((id): CompletionUndoRow => ['item', id]),
          ...cleared.map(
            (rank): CompletionUndoRow => [
              'rank',
              rank.user_id,
              rank.item_id,
              rank.priority,
              rank.marked_for_today,
            ],
          ),
        ];
        const undoId = await undo.record<CompletionUndo, CompletionUndoRow>(trx, {
          userId: user.id,
          kind: 'items.complete',
          payload: { itemId, at, ...(ended ? { recurrence: ended } : {}) },
          rows,
        });
        return { value: { level, undoId }, events: told };
      });
      return { value: await present(user.id, itemId, level, db), undoId };
    },

    /** Archives an item: its panes (and those of anything inside it) close; it can be undone. */
    async archive(user: UserRow, itemId: string): Promise<Undoable<Item>> {
      const { level, undoId } = await runWrite(async (trx) => {
        const { item: before, level } = await editableItem(trx, access, user.id, itemId);
        refuseRootBox(before);
        const at = now();
        const panes = await archiveItem(trx, { itemId, at });
        const undoId = await undo?.record<ArchiveUndo, never>(trx, {
          userId: user.id,
          kind: 'items.archive',
          payload: {
            itemId,
            at,
            archivedAt: before.archived_at,
            autoArchiveAt: before.auto_archive_at,
            panes,
          },
        });
        return { value: { level, undoId }, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return { value: await present(user.id, itemId, level, db), undoId };
    },

    /** Restores an archived item into a box the caller chooses (and may edit), last in it. */
    async unarchive(user: UserRow, itemId: string, parentItemId: string): Promise<Item> {
      const restored = await relocate(user, itemId, async (trx, { item, level }) => ({
        audienceBefore: await restoreItem(trx, access, {
          user,
          item,
          level,
          parentId: parentItemId,
          at: now(),
        }),
      }));
      return restored.value;
    },

    /** Sets (or with amount null, clears) the moment the item archives itself. */
    async setAutoArchive(user: UserRow, body: AutoArchiveBody): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, body.itemId);
        refuseRootBox(item);
        const at = now();
        const duration: AutoArchiveDuration | null = body.amount === null ? null : (body.duration ?? null);
        await updateItems(tx, [body.itemId], {
          auto_archive_amount: body.amount,
          auto_archive_duration: duration,
          auto_archive_at:
            body.amount === null || !duration ? null : add(at, { [duration]: body.amount }).getTime(),
          updated_at: at,
        });
        return { value: level, events: [['items.changed', { itemIds: [body.itemId] }]] };
      });
      return present(user.id, body.itemId, level, db);
    },

    /**
     * Moves an item into a box (move-to-new-parent, and drags within or between panes): before
     * or after an anchor, else last. `fromParentId`, when given, must still be the item's box:
     * a drag made on a stale view answers 409 and changes nothing. A reorder among the same
     * siblings leaves the tree's shape alone, so it waits only for its box, not for every
     * other move. A move can be undone.
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
    ): Promise<Undoable<Item>> {
      const stale = (item: ItemRow) =>
        move.fromParentId !== undefined && move.fromParentId !== item.parent_id;
      /** Records where the item was, inside the move's transaction, once it has moved. */
      const recordMove = async (trx: Tx, from: Place | undefined, at: number) =>
        undo && from
          ? undo.record<MoveUndo, never>(trx, {
              userId: user.id,
              kind: 'items.move',
              payload: { itemId: move.itemId, at, parentId: move.parentId, from },
            })
          : undefined;
      if ((await findItem(db, move.itemId))?.parent_id === move.parentId) {
        const reordered = await db.transaction().execute(async (trx) => {
          await lockBox(trx, engine, move.parentId);
          const { item, level } = await editableItem(trx, access, user.id, move.itemId);
          if (stale(item)) throw appErrors.conflict();
          if (item.parent_id !== move.parentId) return undefined;
          const from = await placeOf(trx, item);
          const at = now();
          const audienceBefore = await reorderItem(trx, access, {
            user,
            itemId: item.id,
            parentId: move.parentId,
            placement: move.placement,
            anchorId: move.anchorId ?? undefined,
            at,
          });
          return audienceBefore && { level, audienceBefore, undoId: await recordMove(trx, from, at) };
        });
        if (reordered) {
          events.emit('item.moved', { itemId: move.itemId, audienceBefore: reordered.audienceBefore });
          return {
            value: await present(user.id, move.itemId, reordered.level, db),
            undoId: reordered.undoId,
          };
        }
        // A move made meanwhile took it out of the box: this one now moves it back, as a tree change.
      }
      return relocate(user, move.itemId, async (trx, { item, level }) => {
        if (stale(item)) throw appErrors.conflict();
        await lockBox(trx, engine, move.parentId);
        const from = await placeOf(trx, item);
        const at = now();
        const audienceBefore = await moveItem(trx, access, {
          user,
          item,
          level,
          parentId: move.parentId,
          placement: move.placement,
          anchorId: move.anchorId ?? undefined,
          at,
        });
        return { audienceBefore, undoId: await recordMove(trx, from, at) };
      });
    },

    /** Searches titles among everything the caller can see (SPEC §1 search scopes and toggles). */
    async search(user: UserRow, body: SearchItemsBody): Promise<SearchResult[]> {
      if (body.withinBoxId) {
        await authorize(user, body.withinBoxId, 'read', db);
        const box = await findItem(db, body.withinBoxId);
        if (box?.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
      }
      const root = body.scope === 'workspace' ? await findRootBox(db, user.id) : undefined;
      const tag = tagOfTerm(body.searchTerm);
      const rows = await searchVisibleItems(db, user.id, {
        ...(body.withinBoxId ? { withinBoxId: body.withinBoxId } : {}),
        ...(tag === undefined ? {} : { tag }),
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

    /** Items linked to the caller directly (their root box, and what others shared with them). */
    async associatedItems(user: UserRow, limitToType: ItemType | undefined): Promise<Item[]> {
      const rows = await associatedItemsWithState(db, user.id, limitToType);
      return rows.map((row) => presentItem(row, row.level));
    },

    /** The items whose auto-archive time has come by `at`, soonest first. */
    dueAutoArchives: (at: number) => dueAutoArchives(db, at),

    /**
     * Archives one item whose auto-archive time has come, in its own transaction, if no other
     * instance did first; answers whether this call did. The sweep tells what it archived,
     * once for all of them.
     */
    archiveIfDue: (itemId: string, at: number) =>
      db.transaction().execute((tx) => archiveIfDue(tx, { itemId, at })),
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
