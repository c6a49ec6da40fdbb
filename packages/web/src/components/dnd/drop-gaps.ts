/** A row of a list as its virtualiser places it: offsets from the top of the list, in px. */
export interface GapRow {
  start: number;
  end: number;
  /**
   * A heading (such as the Organizer's 'Undated'): the whole row stands for the gap right
   * after it, the top of its group, so that gap is at least as easy to hit as any other.
   */
  heading?: boolean;
}

/**
 * Where the gaps of a list change over: a point above `boundary[i]` (and below
 * `boundary[i - 1]`) is in gap `i`, the place just before row `i`; below the last boundary
 * is the gap after the last row. A plain row splits at its middle (its upper half is the gap
 * before it, its lower half the gap after it); a heading gives all its height to the gap after it.
 */
function boundaryOf(row: GapRow): number {
  return row.heading ? row.start : (row.start + row.end) / 2;
}

/**
 * The gap (0 to rows.length) that a point `offset` px below the top of the list falls in.
 * Rows are in order; a binary search keeps a pointer move cheap in a list of thousands.
 */
export function gapAt(rows: readonly GapRow[], offset: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const row = rows[middle];
    if (row && offset >= boundaryOf(row)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The offset at the middle of gap `gap`'s band: where the keyboard puts the dragged row so
 * that the next key press starts from the centre of a gap, not from its edge.
 */
export function gapCentre(rows: readonly GapRow[], gap: number): number {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return 0;
  const clamped = Math.max(0, Math.min(gap, rows.length));
  const above = clamped === 0 ? first.start : boundaryOf(rows[clamped - 1] ?? first);
  const below =
    clamped === rows.length ? last.end + (last.end - last.start) / 2 : boundaryOf(rows[clamped] ?? last);
  return (above + Math.max(above, below)) / 2;
}

/**
 * The next gap a keyboard step reaches from `gap` (`step` is +1 or -1), skipping the two gaps
 * either side of the dragged row when it comes from this list (dropping there moves nothing).
 */
export function nextGap(gap: number, step: 1 | -1, count: number, sourceIndex: number | null): number {
  let next = gap + step;
  if (sourceIndex !== null && (next === sourceIndex || next === sourceIndex + 1)) {
    const other = next === sourceIndex ? sourceIndex + 1 : sourceIndex;
    if (other === gap) next += step;
  }
  return Math.max(0, Math.min(next, count));
}

/**
 * The index a dropped row takes among the list's rows once it has left its old place: a gap
 * counts the dragged row when it comes from the same list, the result does not.
 */
export function indexAfterDrop(gap: number, sourceIndex: number | null): number {
  return sourceIndex !== null && gap > sourceIndex ? gap - 1 : gap;
}
