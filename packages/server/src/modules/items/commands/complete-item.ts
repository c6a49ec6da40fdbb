import type { Tx } from '../../../db/schema.js';
import { descendantIds, updateItems } from '../items.repository.js';
import { clearPriorities, type Rank, ranksOf } from '../personal-state.repository.js';

/** What a completion changed: the items it completed (or reopened) and the ranks it cleared. */
export interface Completion {
  changed: string[];
  cleared: Rank[];
}

/**
 * Completes an item, or takes completion back, inside the caller's transaction. Completing a
 * box completes everything inside it that is still open (what was done already keeps its own
 * completion time), and completed items leave everyone's Organizer (their priorities and Today
 * marks go); taking it back reopens only the item itself. Answers what changed.
 */
export async function completeItem(
  tx: Tx,
  {
    item,
    completed,
    at,
  }: { item: { id: string; type: string; completed_at: number | null }; completed: boolean; at: number },
): Promise<Completion> {
  if (!completed) {
    await updateItems(tx, [item.id], { completed_at: null, updated_at: at });
    return { changed: [item.id], cleared: [] };
  }
  const changed = [
    ...(item.completed_at === null ? [item.id] : []),
    ...(item.type === 'todoBox' ? await descendantIds(tx, item.id, { openOnly: true }) : []),
  ];
  const cleared = await ranksOf(tx, changed);
  await updateItems(tx, changed, { completed_at: at, updated_at: at });
  await clearPriorities(tx, changed, at);
  return { changed, cleared };
}
