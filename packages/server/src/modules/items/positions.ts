import type { Executor } from '../../db/schema.js';
import { childPositions, POSITION_STEP, renumberChildren } from './items.repository.js';

/** Below this gap two siblings cannot be told apart reliably: renumber first. */
const MIN_POSITION_GAP = 1e-9;

/** Where an item goes among siblings: before/after an anchor, else last. Undefined: renumber first. */
export function positionAmong(
  siblings: readonly { id: string; position: number }[],
  placement: 'before' | 'after' | undefined,
  anchorId: string | undefined,
): number | undefined {
  const index = anchorId ? siblings.findIndex((s) => s.id === anchorId) : -1;
  const last = siblings.at(-1);
  if (index < 0 || !placement) return last ? last.position + POSITION_STEP : POSITION_STEP;
  const [lower, upper] =
    placement === 'before' ? [siblings[index - 1], siblings[index]] : [siblings[index], siblings[index + 1]];
  if (!lower) return (upper?.position ?? POSITION_STEP) - POSITION_STEP;
  if (!upper) return lower.position + POSITION_STEP;
  const middle = (lower.position + upper.position) / 2;
  return upper.position - lower.position < MIN_POSITION_GAP ? undefined : middle;
}

/**
 * A position among a box's children (before or after an anchor, else last; `first` puts it
 * before them all), renumbering them if the fractions ran out. `movingId` is left out of the
 * siblings: the item being moved.
 */
export async function placeIn(
  executor: Executor,
  parentId: string,
  {
    placement,
    anchorId,
    movingId,
  }: { placement?: 'before' | 'after' | 'first'; anchorId?: string; movingId?: string } = {},
): Promise<number> {
  const siblings = async () => (await childPositions(executor, parentId)).filter((s) => s.id !== movingId);
  if (placement === 'first') {
    const first = (await siblings())[0];
    return first ? first.position - POSITION_STEP : POSITION_STEP;
  }
  const found = positionAmong(await siblings(), placement, anchorId);
  if (found !== undefined) return found;
  await renumberChildren(executor, parentId);
  return positionAmong(await siblings(), placement, anchorId) ?? POSITION_STEP;
}
