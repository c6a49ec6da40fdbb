import type { Tx } from '../../../db/schema.js';
import type { Audience } from '../../access/access.contract.js';
import type { AccessService } from '../../access/access.service.js';
import { type MoveItemInput, moveItem } from './move-item.js';

/**
 * Restores an archived item into a box the caller chooses (and may edit), last in it, inside
 * the caller's tree-locked transaction: the same checks as a move, and the archive date goes.
 * What was inside it comes back with it. Answers who saw the item before.
 */
export function restoreItem(
  tx: Tx,
  access: AccessService,
  input: Omit<MoveItemInput, 'placement' | 'anchorId' | 'changes'>,
): Promise<Audience> {
  return moveItem(tx, access, { ...input, changes: { archived_at: null } });
}
