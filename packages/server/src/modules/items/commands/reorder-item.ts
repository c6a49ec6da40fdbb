import type { Executor, UserRow } from '../../../db/schema.js';
import { appErrors } from '../../../http/app-error.js';
import type { AccessService, Audience } from '../../access/index.js';
import { setPositionIn } from '../items.repository.js';
import { placeIn } from '../positions.js';
import { editableBox } from '../target-box.js';

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
 * not needed: the item's place is written only while it is still in the box, and a move out
 * of it made meanwhile answers 409 (the caller's view is stale). Answers who sees the item,
 * for the `item.moved` event.
 */
export async function reorderItem(
  trx: Executor,
  access: AccessService,
  input: ReorderItemInput,
): Promise<Audience> {
  const { user, itemId, parentId } = input;
  await editableBox(trx, access, user.id, parentId);
  const position = await placeIn(trx, parentId, {
    placement: input.placement,
    anchorId: input.anchorId,
    movingId: itemId,
  });
  if (!(await setPositionIn(trx, itemId, parentId, { position, updated_at: input.at })))
    throw appErrors.conflict();
  return access.audienceOf(itemId, trx);
}
