import { setImmediate as nextTurn } from 'node:timers/promises';
import { add } from 'date-fns';
import { sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import type { Executor, NewItemRow } from '../../db/schema.js';
import type { AccessService } from '../access/index.js';
import {
  insertItem,
  insertItemRows,
  insertUserItemRows,
  lastChildPosition,
  POSITION_STEP,
} from './items.repository.js';
import type { NewTreeItem } from './items.service.js';
import { lockPlacesIn } from './positions.js';
import { editableBox } from './target-box.js';

/**
 * Rows written per transaction. SQLite has one connection, so a transaction of 100,000 rows
 * would hold every other request (and, its driver being synchronous, the event loop) for
 * seconds; a part of this size holds them for a few tens of milliseconds.
 */
export const STAGED_PART_ROWS = 2_000;

/** A staging box still there this long after it was made belongs to an import that died. */
export const STAGING_KEPT_MS = 60 * 60 * 1000;

/**
 * A large tree written in parts, each its own short transaction, under a staging box: a box
 * that hangs from nothing and is linked to nobody. Every read walks down from a person's links
 * (access, the Workspace, search, the Organizer, tags, feeds, exports), so no one sees a staged
 * item; `placeStagedTree` then moves the whole tree into place in one short transaction. Answers
 * the staging box and each tree item's new id, in tree order.
 */
export async function stageTree(
  db: Executor,
  userId: string,
  tree: readonly NewTreeItem[],
  at: number,
): Promise<{ stagingId: string; ids: string[] }> {
  const stagingId = newId();
  await insertItem(db, {
    id: stagingId,
    type: 'todoBox',
    box_type: 'todo',
    title: 'staging',
    parent_id: null,
    position: 0,
    created_by: userId,
    created_at: at,
    updated_at: at,
  });
  try {
    const ids = tree.map(() => newId());
    // A tree lists each parent before its children, so each part's parents are already written.
    for (const part of idChunks(treeRows(userId, stagingId, tree, ids, at), STAGED_PART_ROWS)) {
      await nextTurn();
      await db.transaction().execute((trx) => insertItemRows(trx, part));
    }
    for (const part of idChunks(personalRows(userId, tree, ids, at), STAGED_PART_ROWS)) {
      await nextTurn();
      await insertUserItemRows(db, part);
    }
    await nextTurn();
    return { stagingId, ids };
  } catch (error) {
    await discardStagedTree(db, stagingId);
    throw error;
  }
}

/**
 * Inside the caller's transaction: moves a staged tree's top items after the last child of
 * `parentId` (a box `userId` may edit, its places locked to the end of the transaction), and
 * removes the emptied staging box.
 */
export async function placeStagedTree(
  trx: Executor,
  access: AccessService,
  userId: string,
  stagingId: string,
  parentId: string,
): Promise<void> {
  const target = await editableBox(trx, access, userId, parentId);
  await lockPlacesIn(trx, target.id);
  const after = (await lastChildPosition(trx, target.id)) ?? 0;
  await trx
    .updateTable('items')
    .set({ parent_id: target.id, position: sql<number>`position + ${after}` })
    .where('parent_id', '=', stagingId)
    .execute();
  await trx.deleteFrom('items').where('id', '=', stagingId).execute();
}

/** Removes a staged tree that will not be placed, its items with it. */
export async function discardStagedTree(db: Executor, stagingId: string): Promise<void> {
  await db.deleteFrom('items').where('id', '=', stagingId).where('parent_id', 'is', null).execute();
}

/** The scheduler's job: removes what imports that died while staging left by `at`. */
export async function discardAbandonedStaging(db: Executor, at: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('items')
    .where('parent_id', 'is', null)
    .where('is_root_box', '=', 0)
    .where('created_at', '<', at - STAGING_KEPT_MS)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** The tree's item rows: top items under `topId`, each box's items after one another. */
function treeRows(
  userId: string,
  topId: string,
  tree: readonly NewTreeItem[],
  ids: readonly string[],
  at: number,
): NewItemRow[] {
  const lastPosition = new Map<string, number>();
  return tree.map((item, index) => {
    const parent = item.parent === null ? topId : (ids[item.parent] as string);
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
}

/** The person's own state on the tree's items: favourites, and texts ranked in the Organizer. */
function personalRows(userId: string, tree: readonly NewTreeItem[], ids: readonly string[], at: number) {
  return tree.flatMap((item, index) => {
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
}
