import { setImmediate as nextTurn } from 'node:timers/promises';
import { add } from 'date-fns/add';
import { sql } from 'kysely';
import { newId } from '../../../db/ids.js';
import type { Db, NewItemRow, Tx } from '../../../db/schema.js';
import type { AccessService } from '../../access/access.service.js';
import { editableBox } from '../item-guards.js';
import type { NewTreeItem } from '../items.contract.js';
import { hasTimeColumn, POSITION_STEP } from '../items.contract.js';
import { insertItem, insertItemRows, lastChildPosition } from '../items.repository.js';
import { insertUserItemRows } from '../personal-state.repository.js';
import { lockPlacesIn, placeIn } from '../positions.js';
import { insertCompletionRows } from '../recurrence.repository.js';

/** A staging box still there this long after it was made belongs to an import that died. */
export const STAGING_KEPT_MS = 60 * 60 * 1000;

/**
 * A large tree written in parts (as the caller hands them over), each its own short
 * transaction, under a staging box: a box that hangs from nothing and is linked to nobody.
 * Every read walks down from a person's links (access, the Workspace, search, the Organizer,
 * tags, feeds, exports), so no one sees a staged item; `placeStagedBox` or `placeStagedTree`
 * then puts it in place in one short transaction. Answers the staging box and each tree item's
 * new id, in tree order.
 */
export async function stageTree(
  db: Db,
  userId: string,
  parts: Iterable<readonly NewTreeItem[]>,
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
    const ids: string[] = [];
    const rowOf = treeRow(userId, stagingId, ids, at);
    // A tree lists each parent before its children, so each part's parents are already written.
    for (const part of parts) {
      await nextTurn();
      const rows = part.map(rowOf);
      await db.transaction().execute(async (trx) => {
        await insertItemRows(trx, rows);
        await insertUserItemRows(trx, personalRows(userId, part, rows, at));
        await insertCompletionRows(trx, completionRows(userId, part, rows));
      });
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
  trx: Tx,
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

/**
 * Inside the caller's transaction: makes the staging box itself a new box, first in `parentId`
 * (a box `userId` may edit), so that however many items it holds, one row changes.
 */
export async function placeStagedBox(
  trx: Tx,
  access: AccessService,
  userId: string,
  stagingId: string,
  box: { parentId: string; title: string; showCompleted: number; autoAdd: number },
): Promise<void> {
  const parent = await editableBox(trx, access, userId, box.parentId);
  await trx
    .updateTable('items')
    .set({
      parent_id: parent.id,
      title: box.title,
      position: await placeIn(trx, parent.id, { placement: 'first' }),
      show_completed: box.showCompleted,
      auto_add_to_unprioritized: box.autoAdd,
    })
    .where('id', '=', stagingId)
    .execute();
}

/** Removes a staged tree that will not be placed, its items with it. */
export async function discardStagedTree(db: Db, stagingId: string): Promise<void> {
  await db.deleteFrom('items').where('id', '=', stagingId).where('parent_id', 'is', null).execute();
}

/** The scheduler's job: removes what imports that died while staging left by `at`. */
export async function discardAbandonedStaging(db: Db, at: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('items')
    .where('parent_id', 'is', null)
    .where('is_root_box', '=', 0)
    .where('created_at', '<', at - STAGING_KEPT_MS)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/**
 * The row of the tree's next item (items asked for in tree order), given a new id, added to
 * `ids`: top items under `topId`, each box's items after one another.
 */
function treeRow(userId: string, topId: string, ids: string[], at: number) {
  const lastPosition = new Map<string, number>();
  return (item: NewTreeItem): NewItemRow => {
    const id = newId();
    ids.push(id);
    const parent = item.parent === null ? topId : (ids[item.parent] as string);
    const position = (lastPosition.get(parent) ?? 0) + POSITION_STEP;
    lastPosition.set(parent, position);
    const isBox = item.itemType === 'todoBox';
    return {
      id,
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
      target_has_time: hasTimeColumn({ targetDate: item.targetDate, hasTime: item.targetHasTime }),
      recurrence_rule: item.recurrence?.rule ?? null,
      recur_from_completion: item.recurrence?.fromCompletion ? 1 : 0,
      recurrence_done: item.recurrence?.done ?? 0,
      show_completed: isBox && item.settings?.showCompleted ? 1 : 0,
      auto_add_to_unprioritized: isBox && item.settings?.autoAddToUnprioritized ? 1 : 0,
      note: item.note?.trim() ? item.note : null,
      created_by: userId,
      created_at: item.createdAt,
      updated_at: at,
    };
  };
}

/** The person's own state on these items (`rows`, their rows): favourites, and texts ranked in the Organizer. */
function personalRows(
  userId: string,
  items: readonly NewTreeItem[],
  rows: readonly NewItemRow[],
  at: number,
) {
  return items.flatMap((item, index) => {
    const { favourited, markedForToday } = item.personal;
    const rankable = item.itemType === 'todoText' && item.personal.prioritizable;
    if (!favourited && !rankable) return [];
    return [
      {
        user_id: userId,
        item_id: rows[index]?.id as string,
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

/** The completion history of the repeating texts among these items (`rows`, their rows), as the person's own. */
function completionRows(userId: string, items: readonly NewTreeItem[], rows: readonly NewItemRow[]) {
  return items.flatMap((item, index) =>
    item.recurrence && rows[index]?.recurrence_rule
      ? (item.recurrence.completions ?? []).map((completion) => ({
          id: newId(),
          item_id: rows[index]?.id as string,
          user_id: userId,
          occurrence: completion.occurrence,
          completed_at: completion.completedAt,
        }))
      : [],
  );
}

/** The staging of import trees, for the import service and the scheduler (see `stageTree`). */
export function stagedTrees(db: Db, access: AccessService) {
  return {
    stage: (userId: string, parts: Iterable<readonly NewTreeItem[]>, at: number) =>
      stageTree(db, userId, parts, at),
    placeInto: (tx: Tx, userId: string, stagingId: string, parentId: string) =>
      placeStagedTree(tx, access, userId, stagingId, parentId),
    placeAsBox: (
      tx: Tx,
      userId: string,
      stagingId: string,
      box: { parentId: string; title: string; showCompleted: number; autoAdd: number },
    ) => placeStagedBox(tx, access, userId, stagingId, box),
    discard: (stagingId: string) => discardStagedTree(db, stagingId),
    discardAbandoned: (at: number) => discardAbandonedStaging(db, at),
  };
}
