import type { Tx, UserRow } from '../../../db/schema.js';
import type { Audience } from '../../access/access.contract.js';
import type { AccessService } from '../../access/access.service.js';
import { editableBox } from '../item-guards.js';
import { setPositionIn } from '../items.repository.js';
import { placeIn } from '../positions.js';

export interface ReorderItemInput {
  user: UserRow;
  itemId: string;
  /** The box the item is in, and stays in. */
  parentId: string;
  placement?: 'before' | 'after' | undefined;
  anchorId?: string | undefined;
  at: number;
}

/**
 * Moves an item among its siblings, inside the caller's transaction, which must hold the box's
 * lock (`lockBox`). The tree keeps its shape, so no cycle can come of it and the tree lock is
 * not needed: the item's place is written only while it is still in the box. Answers who sees
 * the item, for the `item.moved` event, or `undefined` when a move made meanwhile took it out
 * of the box (nothing was written: the caller decides what the request means now).
 */
export async function reorderItem(
  tx: Tx,
  access: AccessService,
  input: ReorderItemInput,
): Promise<Audience | undefined> {
  const { user, itemId, parentId } = input;
  await editableBox(tx, access, user.id, parentId);
  const position = await placeIn(tx, parentId, {
    placement: input.placement,
    anchorId: input.anchorId,
    movingId: itemId,
  });
  if (!(await setPositionIn(tx, itemId, parentId, { position, updated_at: input.at }))) return undefined;
  return access.audienceOf(itemId, tx);
}
