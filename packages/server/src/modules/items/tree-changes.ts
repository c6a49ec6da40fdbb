import type { AccessLevel, Item } from '@nestbox/shared/items/item.schema';
import type { DbEngine } from '../../db/connection.js';
import type { RunWrite, Write } from '../../db/run-write.js';
import type { Db, ItemRow, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { Audience } from '../access/access.contract.js';
import type { AccessService } from '../access/access.service.js';
import type { UndoService } from '../undo/undo.service.js';
import { moveItem } from './commands/move-item.js';
import { reorderItem } from './commands/reorder-item.js';
import { editableItem } from './item-guards.js';
import type { ItemHistory } from './item-history.js';
import type { ItemReads } from './item-reads.service.js';
import type { Undoable } from './items.contract.js';
import { findItem } from './items.repository.js';
import type { MoveUndo } from './items.undo.js';
import { type Place, placeOf } from './positions.js';
import { lockBox, lockTree } from './tree-locks.repository.js';

/**
 * Changes to the tree's shape (moves, restores from the archive, undone moves), one at a
 * time on this instance and under the tree lock in the database, so that no two of them can
 * make a cycle or read a tree the other is changing.
 */
export function createTreeChanges({
  db,
  runWrite,
  engine,
  access,
  now,
  undo,
  present,
  history,
}: {
  db: Db;
  runWrite: RunWrite;
  /** How `lockTree` serialises changes to the tree. */
  engine: DbEngine;
  access: AccessService;
  now: () => number;
  undo: UndoService | undefined;
  present: ItemReads['present'];
  history: ItemHistory;
}) {
  /**
   * This instance's tree changes, one after another: a burst of moves waits here, not in the
   * connection pool, so reads (and the health check) still find a free connection.
   */
  let treeChanges: Promise<unknown> = Promise.resolve();

  /**
   * A write that changes the tree's shape: the tree lock is its first statement, so the item,
   * its parent and the boxes above the target are all read after any earlier move has
   * committed (see `lockTree`).
   */
  function treeChange<T>(change: (trx: Tx) => Promise<Write<T>>): Promise<T> {
    const run = treeChanges.then(() =>
      runWrite(async (trx) => {
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
    const { level, undoId } = await treeChange(async (trx) => {
      const editable = await editableItem(trx, access, user.id, itemId);
      const { audienceBefore, undoId } = await change(trx, editable);
      return {
        value: { level: editable.level, undoId },
        events: [['item.moved', { itemId, audienceBefore }]],
      };
    });
    return { value: await present(user.id, itemId, level, db), undoId };
  }

  /**
   * Moves an item into a box (move-to-new-parent, and drags within or between panes): before
   * or after an anchor, else last. `fromParentId`, when given, must still be the item's box:
   * a drag made on a stale view answers 409 and changes nothing. A reorder among the same
   * siblings leaves the tree's shape alone, so it waits only for its box, not for every
   * other move. A move can be undone.
   */
  async function moveToBox(
    user: UserRow,
    move: {
      itemId: string;
      parentId: string;
      placement?: 'before' | 'after';
      anchorId?: string | null;
      fromParentId?: string;
    },
  ): Promise<Undoable<Item>> {
    const stale = (item: ItemRow) => move.fromParentId !== undefined && move.fromParentId !== item.parent_id;
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
      const reordered = await runWrite(async (trx) => {
        const unchanged = { value: undefined, events: [] };
        await lockBox(trx, engine, move.parentId);
        const { item, level } = await editableItem(trx, access, user.id, move.itemId);
        if (stale(item)) throw appErrors.conflict();
        if (item.parent_id !== move.parentId) return unchanged;
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
        if (!audienceBefore) return unchanged;
        return {
          value: { level, undoId: await recordMove(trx, from, at) },
          events: [['item.moved', { itemId: move.itemId, audienceBefore }]],
        };
      });
      if (reordered)
        return {
          value: await present(user.id, move.itemId, reordered.level, db),
          undoId: reordered.undoId,
        };
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
        history,
        parentId: move.parentId,
        placement: move.placement,
        anchorId: move.anchorId ?? undefined,
        at,
      });
      return { audienceBefore, undoId: await recordMove(trx, from, at) };
    });
  }

  return { treeChange, relocate, moveToBox };
}

export type TreeChanges = ReturnType<typeof createTreeChanges>;
