import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { DbEngine } from '../../db/connection.js';
import type { RunWrite } from '../../db/run-write.js';
import type { ItemRow, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { Audience } from '../access/access.contract.js';
import type { AccessService } from '../access/access.service.js';
import type { UndoEntry, UndoService } from '../undo/undo.service.js';
import type { PaneRow } from '../workspace/workspace.contract.js';
import { reopenPanes } from '../workspace/workspace.service.js';
import { moveItem } from './commands/move-item.js';
import { checkedItem, editableItem } from './item-guards.js';
import type { ItemHistory } from './item-history.js';
import type { ItemReads } from './item-reads.service.js';
import { hasTimeOf, type TargetDateRestored } from './items.contract.js';
import { reopenCompletedAt, updateItems } from './items.repository.js';
import {
  findUserItem,
  type Rank,
  restoreRanksClearedAt,
  upsertUserItem,
} from './personal-state.repository.js';
import type { Place } from './positions.js';
import { lockBox } from './tree-locks.repository.js';

/** What undoes an archive: the item's archive state before, and the panes it closed. */
export interface ArchiveUndo {
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
export interface CompletionUndo {
  itemId: string;
  at: number;
  /** The recurrence a 'complete forever' ended. */
  recurrence?: { rule: string; done: number };
}
export type CompletionUndoRow = ['item', string] | ['rank', string, string, number | null, number];

/** What undoes a move: where the item was, and the box it went to. */
export interface MoveUndo {
  itemId: string;
  at: number;
  parentId: string;
  from: Place;
}

/**
 * What undoes the loss of a rank, or a target date set, cleared or moved: what they were (null:
 * no date), and what the reminders lost with the date.
 */
export interface PersonalUndo {
  itemId: string;
  at: number;
  rank?: { prioritizable: number; priority: number | null; marked_for_today: number };
  targetDate?: {
    before: number | null;
    /** `target_has_time` before (left out by entries recorded before it was). */
    hasTimeBefore?: number | null;
    reminders: unknown;
    rule?: string | null;
  };
}

const changedSince = () => appErrors.conflict('undo.changedSince');

/**
 * Gives the undo module the items' own undos (an archive, a completion, a move, a lost rank or
 * target date): each puts back what its entry recorded, in one transaction that checks the
 * caller's rights and that nothing changed since (`runWrite`), then tells the domain events.
 */
export function registerItemUndos({
  runWrite,
  engine,
  access,
  now,
  undo,
  relocate,
  present,
  onTargetDateRestored,
  history,
}: {
  runWrite: RunWrite;
  engine: DbEngine;
  access: AccessService;
  now: () => number;
  undo: UndoService;
  relocate: (
    user: UserRow,
    itemId: string,
    change: (
      tx: Tx,
      editable: { item: ItemRow; level: AccessLevel },
    ) => Promise<{ audienceBefore: Audience }>,
  ) => Promise<unknown>;
  present: ItemReads['present'];
  onTargetDateRestored: TargetDateRestored | undefined;
  history: ItemHistory;
}): void {
  /** Puts back a lost rank and target date (and what the reminders lost with the date). */
  async function restorePersonal(user: UserRow, entry: UndoEntry<PersonalUndo, never>): Promise<void> {
    const { itemId, at, rank, targetDate } = entry.payload;
    await runWrite(async (trx) => {
      await entry.claim(trx);
      const { item, level } = await checkedItem(trx, access, user.id, itemId, targetDate ? 'edit' : 'read');
      const restoredAt = now();
      if (rank) {
        if ((await findUserItem(trx, user.id, itemId))?.updated_at !== at) throw changedSince();
        await upsertUserItem(trx, user.id, itemId, rank, restoredAt);
      }
      if (targetDate) {
        if (item.updated_at !== at) throw changedSince();
        await updateItems(trx, [itemId], {
          target_date: targetDate.before,
          target_has_time: targetDate.hasTimeBefore ?? null,
          recurrence_rule: targetDate.rule ?? null,
          updated_at: restoredAt,
        });
        await onTargetDateRestored?.(trx, {
          itemId,
          targetDate: targetDate.before,
          removed: targetDate.reminders,
          at: restoredAt,
        });
        await history.dated(trx, user.id, itemId, item.target_date, targetDate.before, {
          from: hasTimeOf(item),
          to: hasTimeOf({ target_has_time: targetDate.hasTimeBefore ?? null }),
        });
      }
      return {
        value: undefined,
        events: [
          ...(targetDate ? [['items.changed', { itemIds: [itemId] }] as const] : []),
          ...(rank
            ? [
                [
                  'item.personalChanged',
                  { userId: user.id, item: await present(user.id, itemId, level, trx) },
                ] as const,
              ]
            : []),
        ],
      };
    });
  }

  /** Puts an archived item back where it was, with its auto-archive plan and the panes that showed it. */
  async function restoreArchived(user: UserRow, entry: UndoEntry<ArchiveUndo, never>): Promise<void> {
    const { itemId, at, archivedAt, autoArchiveAt, panes } = entry.payload;
    await runWrite(async (trx) => {
      await entry.claim(trx);
      const { item } = await editableItem(trx, access, user.id, itemId);
      if (item.updated_at !== at || item.archived_at !== at) throw changedSince();
      await updateItems(trx, [itemId], {
        archived_at: archivedAt,
        auto_archive_at: autoArchiveAt,
        updated_at: now(),
      });
      await reopenPanes(trx, panes);
      return { value: undefined, events: [['items.changed', { itemIds: [itemId] }]] };
    });
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
    await runWrite(async (trx) => {
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
      await history.completion(trx, user.id, itemId, false, reopened);
      if (ended)
        await updateItems(trx, [itemId], { recurrence_rule: ended.rule, recurrence_done: ended.done });
      return { value: undefined, events: [['items.changed', { itemIds: reopened }]] };
    });
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
          history,
          parentId: from.parentId,
          place: from,
          at: now(),
        }),
      };
    });
  }

  undo.handle('items.archive', restoreArchived);
  undo.handle('items.complete', restoreCompletion);
  undo.handle('items.move', restorePlace);
  undo.handle('items.personal', restorePersonal);
}
