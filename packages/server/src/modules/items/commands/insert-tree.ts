import type { AutoArchiveDuration } from '@nestbox/shared/constants';
import type { BoxType, ItemType } from '@nestbox/shared/items/item.schema';
import { add } from 'date-fns';
import { newId } from '../../../db/ids.js';
import type { Tx } from '../../../db/schema.js';
import type { AccessService } from '../../access/index.js';
import { editableBox } from '../item-guards.js';
import { insertItemRows, lastChildPosition, POSITION_STEP } from '../items.repository.js';
import { insertUserItemRows } from '../personal-state.repository.js';
import { lockPlacesIn } from '../positions.js';

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
 * Inserts a whole tree of new items (an import) last into a box `userId` may edit (checked
 * inside the caller's transaction): rows and the creator's personal state in batches, each
 * box's children in order. Answers the new ids, in the order given. The caller emits the events.
 */
export async function insertTree(
  trx: Tx,
  access: AccessService,
  {
    userId,
    parentId,
    tree,
    at,
  }: { userId: string; parentId: string; tree: readonly NewTreeItem[]; at: number },
): Promise<string[]> {
  const target = await editableBox(trx, access, userId, parentId);
  // Held to the end of the import: its items follow the box's last child, and no create or
  // other import may take places among them meanwhile.
  await lockPlacesIn(trx, target.id);
  const ids = tree.map(() => newId());
  const lastPosition = new Map<string, number>([[target.id, (await lastChildPosition(trx, target.id)) ?? 0]]);
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
