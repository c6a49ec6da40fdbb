import type { Executor } from '../../../db/schema.js';
import { clearPriorities, descendantIds, updateItems } from '../items.repository.js';

/**
 * Completes an item, or takes completion back, inside the caller's transaction. Completing a
 * box completes everything inside it too, and completed items leave everyone's Organizer
 * (their priorities and Today marks go); taking it back reopens only the item itself.
 * Answers the ids that changed.
 */
export async function completeItem(
  trx: Executor,
  { item, completed, at }: { item: { id: string; type: string }; completed: boolean; at: number },
): Promise<string[]> {
  const changed =
    completed && item.type === 'todoBox' ? [item.id, ...(await descendantIds(trx, item.id))] : [item.id];
  await updateItems(trx, changed, { completed_at: completed ? at : null, updated_at: at });
  if (completed) await clearPriorities(trx, changed, at);
  return changed;
}
