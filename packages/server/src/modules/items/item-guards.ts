import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { engineOf } from '../../db/connection.js';
import type { RunWrite } from '../../db/run-write.js';
import type { Db, ItemRow, Tx } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { LevelCheck } from '../access/access.contract.js';
import type { AccessService } from '../access/access.service.js';
import type { ItemReads } from './item-reads.service.js';
import { findItem } from './items.repository.js';
import { lockLinksAbove } from './tree-locks.repository.js';

/**
 * The guards of every write to items. Each reads the caller's level and the item on the
 * write's own transaction, the links it comes from held until the commit: a share revoked
 * before the check is seen there, and the write is refused with nothing written; one revoked
 * after it waits for the write.
 */

/**
 * What a service that writes one item through these guards and answers it presented takes:
 * the database the answer is read on, the write's runner, the access checks, the clock, and
 * the presenter.
 */
export interface ItemWriteDeps {
  db: Db;
  runWrite: RunWrite;
  access: AccessService;
  now: () => number;
  present: ItemReads['present'];
}

/** The item and the caller's level on it, checked (404 unseen, 403 too low). */
export async function checkedItem(
  tx: Tx,
  access: AccessService,
  userId: string,
  itemId: string,
  check: LevelCheck,
): Promise<{ item: ItemRow; level: AccessLevel }> {
  await lockLinksAbove(tx, engineOf(tx), userId, itemId);
  const level = await access.authorize(userId, itemId, check, tx);
  const item = await findItem(tx, itemId);
  if (!item) throw appErrors.notFound();
  return { item, level };
}

/** An item the caller may edit, and their level on it. */
export const editableItem = (tx: Tx, access: AccessService, userId: string, itemId: string) =>
  checkedItem(tx, access, userId, itemId, 'edit');

/** A box the caller may put things into: edit level on it, really a box, and not archived. */
export async function editableBox(
  tx: Tx,
  access: AccessService,
  userId: string,
  boxId: string,
): Promise<ItemRow> {
  const { item: box } = await editableItem(tx, access, userId, boxId);
  if (box.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
  if (box.archived_at !== null) throw appErrors.notFound('items.parent.archived');
  return box;
}

/** A Workspace (root box) is never moved, archived, completed or renamed. */
export function refuseRootBox(item: { is_root_box: number }) {
  if (item.is_root_box === 1) throw appErrors.badRequest('items.move.rootBox');
}
