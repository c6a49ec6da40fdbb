import type { Executor, ItemRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/index.js';
import { findItem } from './items.repository.js';

/** A box the caller may put things into: edit level on it, really a box, and not archived. */
export async function editableBox(
  executor: Executor,
  access: AccessService,
  userId: string,
  boxId: string,
): Promise<ItemRow> {
  await access.authorize(userId, boxId, 'edit', executor);
  const box = await findItem(executor, boxId);
  if (box?.type !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
  if (box.archived_at !== null) throw appErrors.notFound('items.parent.archived');
  return box;
}

/** A Workspace (root box) is never moved, archived, completed or renamed. */
export function refuseRootBox(item: { is_root_box: number }) {
  if (item.is_root_box === 1) throw appErrors.badRequest('items.move.rootBox');
}
