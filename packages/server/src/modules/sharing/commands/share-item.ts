import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { Executor } from '../../../db/schema.js';
import { appErrors } from '../../../http/app-error.js';
import { findLink, insertLink } from '../sharing.repository.js';

/**
 * Shares an item with a person at a level, inside the caller's transaction, on behalf of an
 * owner of the item (checked by the caller). A person already on the item answers 409
 * 'share.alreadyShared'. The first share of an item also names the sharing owner on it, so the
 * list shows them and the last-owner rule counts them (they owned it through a box above
 * until now).
 */
export async function shareItem(
  trx: Executor,
  {
    itemId,
    ownerId,
    userId,
    level,
    at,
  }: { itemId: string; ownerId: string; userId: string; level: AccessLevel; at: number },
): Promise<void> {
  if (await findLink(trx, itemId, userId)) throw appErrors.conflict('share.alreadyShared');
  if (!(await findLink(trx, itemId, ownerId))) await insertLink(trx, itemId, ownerId, 'owner', at);
  await insertLink(trx, itemId, userId, level, at);
}
