/**
 * A finger's sideways swipe on a text row: right to complete it, left to schedule it (phones).
 * The pure decisions live here; `useRowSwipe` follows the finger with them.
 */

/** The attribute that marks an element whose sideways swipes are its own (a text row). */
export const ROW_SWIPE_ATTRIBUTE = 'data-row-swipe';

/**
 * Who owns a sideways swipe: one a finger starts on a text row that swipes is the row's
 * (complete, schedule); any other (elsewhere in a pane: its header, the gaps, a box's row, a
 * read-only text; or a pen) switches panes.
 */
export function isRowSwipeStart(event: Pick<PointerEvent, 'pointerType' | 'target'>): boolean {
  const { pointerType, target } = event;
  return (
    pointerType === 'touch' &&
    target instanceof Element &&
    target.closest(`[${ROW_SWIPE_ATTRIBUTE}]`) !== null
  );
}

/** How far sideways a finger must go before the row follows it. */
const CLAIM_MIN_PX = 10;
/** How much more sideways than up or down the move must be for the row to take it. */
const CLAIM_RATIO = 1.5;
/** The share of the row's width past which a released row commits. */
const COMMIT_SHARE = 0.35;
/** A fling: released this fast (px per ms) in the swipe's direction commits at any distance… */
const FLING_PX_PER_MS = 0.5;
/** …once the row has moved at least this far. */
const FLING_MIN_PX = 30;

/**
 * Whether a move from the press (`dx`, `dy`) is the row's swipe: clearly horizontal (more than
 * CLAIM_MIN_PX sideways and 1.5 times as far as up or down). Until then it may still be the
 * pane's vertical scroll.
 */
export function claimsRowSwipe(dx: number, dy: number): boolean {
  return Math.abs(dx) > CLAIM_MIN_PX && Math.abs(dx) > CLAIM_RATIO * Math.abs(dy);
}

export type RowSwipeAction = 'complete' | 'schedule';

/** What a swipe to `dx` shows, or does once released: right completes, left schedules. */
export const rowSwipeAction = (dx: number): RowSwipeAction | null =>
  dx > 0 ? 'complete' : dx < 0 ? 'schedule' : null;

/**
 * What a claimed swipe does when the finger lifts at `dx` from the press, on a row `width`
 * wide, moving at `velocity` px/ms (positive to the right): its action past 35 % of the width,
 * or after a fast fling the same way; otherwise nothing (the row springs back).
 */
export function releasedRowSwipe(dx: number, width: number, velocity: number): RowSwipeAction | null {
  const action = rowSwipeAction(dx);
  if (action === null) return null;
  const far = Math.abs(dx) >= COMMIT_SHARE * width;
  const flung =
    Math.abs(dx) >= FLING_MIN_PX &&
    Math.abs(velocity) >= FLING_PX_PER_MS &&
    Math.sign(velocity) === Math.sign(dx);
  return far || flung ? action : null;
}
