import { PRIORITY_REINDEX_THRESHOLD, PRIORITY_STEP } from '../constants.js';

/**
 * The priority of an item dropped between two neighbours in the Prioritized list (SPEC §4),
 * where a smaller number ranks higher: no neighbours → 16384; only the one above (lower
 * number) → it + 16384; only the one below (higher number) → half of it; else the average.
 * When the result lies within 1e-12 of a neighbour the list needs a full reindex.
 */
export function priorityBetween(
  lower: number | null | undefined,
  higher: number | null | undefined,
): { priority: number; needsReindex: boolean } {
  const hasLower = lower !== null && lower !== undefined;
  const hasHigher = higher !== null && higher !== undefined;
  let priority: number;
  if (!hasLower && !hasHigher) priority = PRIORITY_STEP;
  else if (hasLower && !hasHigher) priority = lower + PRIORITY_STEP;
  else if (!hasLower && hasHigher) priority = higher / 2;
  else priority = ((lower as number) + (higher as number)) / 2;
  const tooClose = (neighbour: number | null | undefined) =>
    neighbour !== null &&
    neighbour !== undefined &&
    Math.abs(priority - neighbour) < PRIORITY_REINDEX_THRESHOLD;
  return { priority, needsReindex: tooClose(lower) || tooClose(higher) };
}

/**
 * The priority of an item joining a group of the Prioritized list at its top or at its bottom,
 * given the priorities already in that group: above the first (half of it, as a drop there
 * gives) or below the last; 16384 in an empty group. A first priority of zero or less has no
 * half above it: the new one is a whole step above.
 */
export function priorityAtEdge(
  groupPriorities: readonly number[],
  edge: 'top' | 'bottom',
): { priority: number; needsReindex: boolean } {
  if (groupPriorities.length === 0) return priorityBetween(null, null);
  if (edge === 'bottom') return priorityBetween(Math.max(...groupPriorities), null);
  const first = Math.min(...groupPriorities);
  return first > 0 ? priorityBetween(null, first) : { priority: first - PRIORITY_STEP, needsReindex: false };
}

/** Fresh, evenly spaced priorities for items in their current order: 16384, 32768, … */
export function reindexedPriorities(idsInOrder: readonly string[]): Map<string, number> {
  return new Map(idsInOrder.map((id, index) => [id, (index + 1) * PRIORITY_STEP]));
}
