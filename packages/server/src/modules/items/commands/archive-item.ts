import type { Executor } from '../../../db/schema.js';
import { closePanesShowing, type PaneRow } from '../../workspace/index.js';
import { claimAutoArchive, descendantIds, updateItems } from '../items.repository.js';

/**
 * Archives an item inside the caller's transaction: it and everything inside it leave every
 * pane that shows them (everyone's), and any auto-archive planned for it is done with.
 * Answers the panes it closed.
 */
export async function archiveItem(
  trx: Executor,
  { itemId, at }: { itemId: string; at: number },
): Promise<PaneRow[]> {
  await updateItems(trx, [itemId], { archived_at: at, auto_archive_at: null, updated_at: at });
  return closePanesShowing(trx, [itemId, ...(await descendantIds(trx, itemId))]);
}

/**
 * Archives an item whose auto-archive time has come, if it is still due, inside the caller's
 * transaction: one atomic UPDATE … RETURNING claims it, so when several instances sweep at
 * once exactly one of them archives it. Answers whether this call did.
 */
export async function archiveIfDue(
  trx: Executor,
  { itemId, at }: { itemId: string; at: number },
): Promise<boolean> {
  if (!(await claimAutoArchive(trx, itemId, at))) return false;
  await closePanesShowing(trx, [itemId, ...(await descendantIds(trx, itemId))]);
  return true;
}
