import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { ItemUpdateRow, Tx, UserRow } from '../../../db/schema.js';
import { appErrors } from '../../../http/app-error.js';
import type { Audience } from '../../access/access.contract.js';
import { type AccessService, audienceKey } from '../../access/access.service.js';
import { editableBox, refuseRootBox } from '../item-guards.js';
import type { ItemHistory } from '../item-history.js';
import { updateItems } from '../items.repository.js';
import { type Place, placeBack, placeIn } from '../positions.js';
import { isAtOrAbove } from '../tree-locks.repository.js';

export interface MoveItemInput {
  user: UserRow;
  /** The item and the caller's level on it (already checked for edit). */
  item: { id: string; is_root_box: number; parent_id: string | null };
  level: AccessLevel;
  /** Where a move into another box is recorded, in the move's transaction. */
  history: ItemHistory;
  parentId: string;
  placement?: 'before' | 'after' | undefined;
  anchorId?: string | undefined;
  /** Instead of a placement, the place the item had in `parentId` (an undone move puts it back there). */
  place?: Place | undefined;
  /** More changes written with the move (a restore clears the archive date). */
  changes?: ItemUpdateRow;
  at: number;
}

/**
 * Puts an item into a box, inside the caller's transaction, which must hold the tree lock
 * (`lockTree`) so that the checks and the write see one consistent tree:
 * - never a Workspace, and only into a box the caller may edit;
 * - never into itself or below itself (409 'items.tree.corrupt' when the tree above the
 *   target has no root: nothing may move in a corrupt tree);
 * - moving between boxes seen by different people (out of a shared box into a private one,
 *   or into a box shared with others) changes who sees the item, which is sharing or
 *   unsharing it: only an owner of the item may (403 'items.move.acrossShares'); an editor
 *   moves items only among boxes with the same audience.
 * Answers who saw the item before, for the `item.moved` event.
 */
export async function moveItem(tx: Tx, access: AccessService, input: MoveItemInput): Promise<Audience> {
  const { user, item, level, parentId } = input;
  refuseRootBox(item);
  await editableBox(tx, access, user.id, parentId);
  const intoItself = await isAtOrAbove(tx, item.id, parentId);
  if (intoItself === undefined) throw appErrors.conflict('items.tree.corrupt');
  if (intoItself) throw appErrors.badRequest('items.move.intoItself');
  const before = await access.audienceOf(item.id, tx);
  if (item.parent_id !== parentId && level !== 'owner') {
    const from = item.parent_id ? await access.audienceOf(item.parent_id, tx) : [];
    if (audienceKey(from) !== audienceKey(await access.audienceOf(parentId, tx)))
      throw appErrors.forbidden('items.move.acrossShares');
  }
  await updateItems(tx, [item.id], {
    ...input.changes,
    parent_id: parentId,
    position: input.place
      ? await placeBack(tx, input.place, item.id)
      : await placeIn(tx, parentId, {
          placement: input.placement,
          anchorId: input.anchorId,
          movingId: item.id,
        }),
    updated_at: input.at,
  });
  await input.history.moved(tx, user.id, item.id, item.parent_id, parentId);
  return before;
}
