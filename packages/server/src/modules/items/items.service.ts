import type { CreateItemBody, Item } from '@nestbox/shared/items/item.schema';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import { createWriteRunner } from '../../db/run-write.js';
import type { Db, Tx, UserRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { RecordItemEvents } from '../history/history.contract.js';
import type { UndoService } from '../undo/undo.service.js';
import { createAutoArchive } from './auto-archive.service.js';
import { archiveItem } from './commands/archive-item.js';
import { completeItem } from './commands/complete-item.js';
import { type BoxDefaults, insertNewItem, type NewItem } from './commands/insert-item.js';
import { stagedTrees } from './commands/insert-tree.js';
import { restoreItem } from './commands/restore-item.js';
import { editableBox, editableItem, refuseRootBox } from './item-guards.js';
import { createItemHistory } from './item-history.js';
import { createItemReads } from './item-reads.service.js';
import type { TargetDateChanged, TargetDateRestored, Undoable } from './items.contract.js';
import { appendTexts as appendTextRows, findItem, setTextTitle, updateItems } from './items.repository.js';
import {
  type ArchiveUndo,
  type CompletionUndo,
  type CompletionUndoRow,
  registerItemUndos,
} from './items.undo.js';
import { createNotes } from './notes.service.js';
import { createPersonalState } from './personal-state.service.js';
import { createRecurrenceService } from './recurrence.service.js';
import { insertTagsOf as insertTagRows } from './tags.repository.js';
import { createTextFields } from './text-fields.service.js';
import { createTreeChanges } from './tree-changes.js';

// The rights check a write on an item makes in its transaction, for writes other modules own.
export { checkedItem } from './item-guards.js';
export { boxesAbove } from './item-path.js';
export { presentItem } from './items.presenter.js';
export type { TextFields, TextTarget } from './text-fields.service.js';
export type { NewItem };

/**
 * Appends texts to a box, after its last child, many rows a statement: a large box written in
 * one go (seeds, tests, the end-to-end journeys' big boxes), where creating each through the
 * API would take minutes. No rights are checked and no events are told.
 */
export const appendTexts: typeof appendTextRows = (db, texts) => appendTextRows(db, texts);

/**
 * Writes the tag rows of items inserted straight into the database (seeds, tests), inside the
 * caller's transaction: the tags a text's title carries.
 */
export const insertTagsOf: typeof insertTagRows = (db, rows) => insertTagRows(db, rows);

/**
 * Boxes and text items: creating, renaming, saving a text, settings, completing, archiving,
 * restoring and moving them, each a write whose rights are checked inside its transaction
 * (`runWrite`); and, composed here for the other modules, the reads, personal state,
 * recurrence, auto-archive and the inserts other modules' writes make. Changes are told to
 * the domain events once they committed.
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
  recordHistory,
}: {
  db: Db;
  /** Which engine `db` runs on: how `lockTree` serialises changes to the tree. */
  engine: DbEngine;
  access: AccessService;
  events: DomainEventBus;
  now: Clock;
  /** Reminders: re-plans an item's reminders in the transaction that changes its target date. */
  onTargetDateChanged: TargetDateChanged | undefined;
  /** Reminders: an undo put the target date back. */
  onTargetDateRestored: TargetDateRestored | undefined;
  /** Records the changes that can be undone, and is told how to undo them. */
  undo: UndoService | undefined;
  /** History: records each shared change to an item in the transaction that makes it. */
  recordHistory: RecordItemEvents;
}) {
  const runWrite = createWriteRunner({ db, events });
  const history = createItemHistory(recordHistory);
  const reads = createItemReads({ db, access });
  const { present } = reads;
  // What the item writes below all take.
  const common = { access, now, undo, present, history };
  const { relocate, moveToBox } = createTreeChanges({ ...common, db, runWrite, engine });
  const personal = createPersonalState({ ...common, runWrite, onTargetDateChanged });
  const autoArchive = createAutoArchive({ db, runWrite, access, now, present });
  const notes = createNotes({ db, runWrite, access, now, present });
  const recurrence = createRecurrenceService({
    db,
    runWrite,
    now,
    undo,
    access,
    present: (userId, itemId, level) => present(userId, itemId, level, db),
    onTargetDateChanged,
    onTargetDateRestored,
    history,
  });
  const textFields = createTextFields({ runWrite, access, now, personal, recurrence, history });
  if (undo) registerItemUndos({ ...common, runWrite, engine, undo, relocate, onTargetDateRestored });

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
    return reads.present(user.id, itemId, level, db);
  }

  // Other modules present items through `presentFor` and `getItem`, which check who sees them.
  const { present: _, ...readsForOthers } = reads;
  return {
    ...readsForOthers,
    ...personal,
    ...autoArchive,
    ...notes,
    ...textFields,
    writeRecurrence: recurrence.writeRecurrence,
    setRecurrence: recurrence.setRecurrence,
    completions: recurrence.completions,
    madeBefore,

    /**
     * Inserts an item inside the caller's transaction (see `insertNewItem`); a box takes the
     * settings given, else none.
     */
    async insertItemIn(
      tx: Tx,
      userId: string,
      item: NewItem,
      boxDefaults: BoxDefaults = { showCompleted: 0, autoAdd: 0 },
    ): Promise<string> {
      const id = await insertNewItem(tx, access, { userId, item, boxDefaults, at: now() });
      await history.created(tx, userId, id);
      return id;
    },

    /** An import's tree, written in parts out of sight, then placed at once. */
    staging: stagedTrees(db, access),

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

    /**
     * Creates an item; `alongside`, when given, writes more in the creation's transaction (a
     * pane that shows the new box), so both are written or neither.
     */
    async createItem(
      user: UserRow,
      body: CreateItemBody,
      alongside?: (tx: Tx, itemId: string) => Promise<void>,
    ): Promise<Item> {
      if (body.itemType === 'todoBox') {
        const error = boxTitleError(body.title ?? '');
        if (error) throw appErrors.badRequest('error.validation', { title: error });
      }
      const made = body.itemId ? await madeBefore(user, body.itemId) : undefined;
      if (made) return made;
      const { id, level } = await runWrite(async (trx) => {
        const created = await insertNewItem(trx, access, {
          userId: user.id,
          item: {
            id: body.itemId,
            parentId: body.parentItemId,
            itemType: body.itemType,
            title: body.title ?? '',
            boxType: body.boxType,
            placement: body.beforeAfterReplace === 'replace' ? undefined : body.beforeAfterReplace,
            anchorId: body.relativeToItemId,
          },
          boxDefaults: {
            showCompleted: user.default_show_completed,
            autoAdd: user.default_auto_add_to_unprioritized,
          },
          at: now(),
        });
        await history.created(trx, user.id, created);
        await alongside?.(trx, created);
        const level = (await access.levelOf(user.id, created, trx)) ?? 'readonly';
        return { value: { id: created, level }, events: [['items.created', { itemIds: [created] }]] };
      });
      return reads.present(user.id, id, level, db);
    },

    async saveBoxTitle(user: UserRow, itemId: string, title: string): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, itemId);
        if (item.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
        refuseRootBox(item);
        const error = boxTitleError(title);
        if (error) throw appErrors.badRequest('error.validation', { title: error });
        await updateItems(tx, [itemId], { title: title.trim(), updated_at: now() });
        await history.renamed(tx, user.id, itemId, item.title, title.trim());
        return { value: level, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return reads.present(user.id, itemId, level, db);
    },

    /**
     * Saves a text. With `startedFrom` (the text the change was made from), a save over a text
     * its writer had not seen still stands (the last writer wins), and is told as an overwrite.
     */
    async saveText(user: UserRow, itemId: string, title: string, startedFrom?: string): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, itemId);
        if (item.type !== 'todoText')
          throw appErrors.badRequest('error.validation', { itemId: 'validation.invalidValue' });
        await setTextTitle(tx, itemId, title, now());
        await history.renamed(tx, user.id, itemId, item.title, title);
        const overwrote = startedFrom !== undefined && item.title !== startedFrom && item.title !== title;
        return {
          value: level,
          events: [
            ['items.changed', { itemIds: [itemId] }],
            ...(overwrote
              ? [['item.overwritten', { itemId, replacedTitle: item.title, title }] as const]
              : []),
          ],
        };
      });
      return reads.present(user.id, itemId, level, db);
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
      return reads.present(user.id, itemId, level, db);
    },

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
        // Reopening an open item changes nothing anyone sees.
        if (completed || current.completed_at !== null)
          await history.completion(trx, user.id, itemId, completed, changed);
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
      return { value: await reads.present(user.id, itemId, level, db), undoId };
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
      return { value: await reads.present(user.id, itemId, level, db), undoId };
    },

    /** Restores an archived item into a box the caller chooses (and may edit), last in it. */
    async unarchive(user: UserRow, itemId: string, parentItemId: string): Promise<Item> {
      const restored = await relocate(user, itemId, async (trx, { item, level }) => ({
        audienceBefore: await restoreItem(trx, access, {
          user,
          item,
          level,
          history,
          parentId: parentItemId,
          at: now(),
        }),
      }));
      return restored.value;
    },

    moveItem: moveToBox,
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
