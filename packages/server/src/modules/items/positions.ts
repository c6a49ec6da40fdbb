import { engineOf } from '../../db/connection.js';
import type { Executor } from '../../db/schema.js';
import { POSITION_STEP } from './items.contract.js';
import { childPositions, lastChildPosition, renumberChildren } from './items.repository.js';
import { lockBox } from './tree-locks.repository.js';

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
 * Holds `parentId`'s box lock (`lockBox`) until the caller's transaction ends: every way an
 * item gets a place in a box (a create, a move, a restore, an import) takes it before it reads
 * the siblings, so that two of them at once never take the same position. Taken again by the
 * transaction that holds it already, it just goes on.
 */
export function lockPlacesIn(executor: Executor, parentId: string): Promise<void> {
  return lockBox(executor, engineOf(executor), parentId);
}

/**
 * A position among a box's children (before or after an anchor, else last; `first` puts it
 * before them all), renumbering them if the fractions ran out, with the box's places locked
 * (`lockPlacesIn`). `movingId` is left out of the siblings: the item being moved.
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
  await lockPlacesIn(executor, parentId);
  if (placement === undefined || (placement !== 'first' && anchorId === undefined)) {
    // Last: only the last sibling counts (a large box is not read whole for it).
    const last = await lastChildPosition(executor, parentId);
    return last === null ? POSITION_STEP : last + POSITION_STEP;
  }
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

/** Where an item sits among its siblings: its box, its position, and its neighbours on either side. */
export interface Place {
  parentId: string;
  position: number;
  prevId: string | null;
  nextId: string | null;
}

/** The item's place now (read before a move, so that an undo can put it back there). */
export async function placeOf(
  executor: Executor,
  item: { id: string; parent_id: string | null; position: number },
): Promise<Place | undefined> {
  if (item.parent_id === null) return undefined;
  const siblings = await childPositions(executor, item.parent_id);
  const index = siblings.findIndex((sibling) => sibling.id === item.id);
  return {
    parentId: item.parent_id,
    position: item.position,
    prevId: siblings[index - 1]?.id ?? null,
    nextId: siblings[index + 1]?.id ?? null,
  };
}

/**
 * The position that puts an item back in its place among `place.parentId`'s children: that
 * very position while it still falls between the same neighbours; else next to the neighbour
 * still there (after the one before it, or before the one after it), else first or last as
 * it was.
 */
export async function placeBack(executor: Executor, place: Place, movingId: string): Promise<number> {
  await lockPlacesIn(executor, place.parentId);
  const siblings = (await childPositions(executor, place.parentId)).filter((s) => s.id !== movingId);
  const sortsBefore = (s: { id: string; position: number }) =>
    s.position < place.position || (s.position === place.position && s.id < movingId);
  const at = siblings.findIndex((s) => !sortsBefore(s));
  const [prev, next] = at === -1 ? [siblings.at(-1), undefined] : [siblings[at - 1], siblings[at]];
  const free = !siblings.some((s) => s.position === place.position);
  if (free && (prev?.id ?? null) === place.prevId && (next?.id ?? null) === place.nextId)
    return place.position;
  const stays = (id: string | null) => id !== null && siblings.some((s) => s.id === id);
  if (stays(place.prevId))
    return placeIn(executor, place.parentId, {
      placement: 'after',
      anchorId: place.prevId ?? undefined,
      movingId,
    });
  if (stays(place.nextId))
    return placeIn(executor, place.parentId, {
      placement: 'before',
      anchorId: place.nextId ?? undefined,
      movingId,
    });
  return placeIn(executor, place.parentId, {
    placement: place.prevId === null ? 'first' : undefined,
    movingId,
  });
}
