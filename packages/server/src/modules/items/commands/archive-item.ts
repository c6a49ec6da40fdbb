import type { Tx } from '../../../db/schema.js';
import type { PaneRow } from '../../workspace/workspace.contract.js';
import { closePanesShowing } from '../../workspace/workspace.service.js';
import { claimAutoArchive } from '../auto-archive.repository.js';
import { descendantIds, updateItems } from '../items.repository.js';

/**
 * Archives an item inside the caller's transaction: it and everything inside it leave every
 * pane that shows them (everyone's), and any auto-archive planned for it is done with.
 * Answers the panes it closed.
 */
export async function archiveItem(
  tx: Tx,
  { itemId, at }: { itemId: string; at: number },
): Promise<PaneRow[]> {
  await updateItems(tx, [itemId], { archived_at: at, auto_archive_at: null, updated_at: at });
  return closePanesShowing(tx, [itemId, ...(await descendantIds(tx, itemId))]);
}

/**
 * Archives an item whose auto-archive time has come, if it is still due, inside the caller's
 * transaction: one atomic UPDATE … RETURNING claims it, so when several instances sweep at
 * once exactly one of them archives it. Answers whether this call did.
 */
export async function archiveIfDue(tx: Tx, { itemId, at }: { itemId: string; at: number }): Promise<boolean> {
  if (!(await claimAutoArchive(tx, itemId, at))) return false;
  await closePanesShowing(tx, [itemId, ...(await descendantIds(tx, itemId))]);
  return true;
}
