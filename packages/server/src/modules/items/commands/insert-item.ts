import { joinsUnprioritized } from '@nestbox/shared/items/auto-add';
import type { CreateItemBody, ItemType } from '@nestbox/shared/items/item.schema';
import { newId } from '../../../db/ids.js';
import type { Tx } from '../../../db/schema.js';
import type { AccessService } from '../../access/access.service.js';
import { editableBox } from '../item-guards.js';
import { insertItem } from '../items.repository.js';
import { upsertUserItem } from '../personal-state.repository.js';
import { placeIn } from '../positions.js';

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

/** A new box's own settings, from its creator's defaults (0 or 1). */
export interface BoxDefaults {
  showCompleted: number;
  autoAdd: number;
}

/**
 * Inserts an item inside the caller's transaction, into a box `userId` may edit (checked
 * there); a text item in a todo box with auto-add joins the creator's Unprioritized list.
 * Answers its id; the caller emits `items.created` once its transaction committed.
 */
export async function insertNewItem(
  trx: Tx,
  access: AccessService,
  { userId, item, boxDefaults, at }: { userId: string; item: NewItem; boxDefaults: BoxDefaults; at: number },
): Promise<string> {
  const parent = await editableBox(trx, access, userId, item.parentId);
  const id = item.id ?? newId();
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
  const box = { boxType: parent.box_type, autoAddToUnprioritized: parent.auto_add_to_unprioritized === 1 };
  if (joinsUnprioritized(item.itemType, box)) await upsertUserItem(trx, userId, id, { prioritizable: 1 }, at);
  return id;
}
