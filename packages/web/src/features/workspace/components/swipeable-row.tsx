import { IconCalendarEvent, IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  claimsRowSwipe,
  isRowSwipeStart,
  ROW_SWIPE_ATTRIBUTE,
  type RowSwipeAction,
  releasedRowSwipe,
  rowSwipeAction,
} from '../hooks/row-swipe';
import { useDragInProgress } from '../hooks/use-drag-in-progress';
import classes from './swipeable-row.module.css';

interface SwipeableRowProps {
  /** Off: the row stays put and a swipe on it switches panes instead (isRowSwipeStart). */
  enabled: boolean;
  /** Off: a swipe right does nothing (the text is done already). */
  canComplete: boolean;
  onSwipe: (action: RowSwipeAction) => void;
  children: ReactNode;
}

/** A finger's swipe under way: where it pressed, and how fast it was last going. */
interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  claimed: boolean;
  dx: number;
  lastX: number;
  lastAt: number;
  velocity: number;
}

/**
 * A text row a finger swipes (as in Todoist and Things): right to complete it, left to schedule
 * it. The row follows the finger once the move is clearly sideways (claimsRowSwipe), showing
 * the action behind it; released far or fast enough it does it, otherwise it springs back. A
 * vertical move stays the pane's scroll (`touch-action: pan-y`), a long press stays the drag
 * and drop's lift, and a mouse or pen never swipes.
 */
export function SwipeableRow({ enabled, canComplete, onSwipe, children }: SwipeableRowProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [shown, setShown] = useState<RowSwipeAction | null>(null);
  const [settling, setSettling] = useState(false);
  const dragging = useDragInProgress();
  const latest = useRef({ onSwipe, canComplete, dragging });
  latest.current = { onSwipe, canComplete, dragging };

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    let gesture: Gesture | null = null;
    /** A swipe's lift may still click what it started on: that click is no tap. */
    let swallowClick = false;
    /** The row goes back from `dx`: it slides there, unless it stands still or motion is reduced. */
    const springBack = (dx: number) => {
      setSettling(dx !== 0 && !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
      setOffset(0);
    };
    const handleDown = (event: PointerEvent) => {
      swallowClick = false;
      gesture =
        event.isPrimary && isRowSwipeStart(event)
          ? {
              pointerId: event.pointerId,
              x: event.clientX,
              y: event.clientY,
              claimed: false,
              dx: 0,
              lastX: event.clientX,
              lastAt: event.timeStamp,
              velocity: 0,
            }
          : null;
    };
    const handleMove = (event: PointerEvent) => {
      if (!gesture || event.pointerId !== gesture.pointerId) return;
      const dx = event.clientX - gesture.x;
      if (!gesture.claimed) {
        // A long press lifted the row: the move is the drag's.
        if (latest.current.dragging) {
          gesture = null;
          return;
        }
        if (!claimsRowSwipe(dx, event.clientY - gesture.y)) return;
        gesture.claimed = true;
        element.setPointerCapture(event.pointerId);
      }
      const elapsed = event.timeStamp - gesture.lastAt;
      if (elapsed > 0) gesture.velocity = (event.clientX - gesture.lastX) / elapsed;
      gesture.lastX = event.clientX;
      gesture.lastAt = event.timeStamp;
      gesture.dx = dx > 0 && !latest.current.canComplete ? 0 : dx;
      setSettling(false);
      setOffset(gesture.dx);
      const action = rowSwipeAction(gesture.dx);
      if (action) setShown(action);
    };
    const handleUp = (event: PointerEvent) => {
      if (!gesture || event.pointerId !== gesture.pointerId) return;
      const { claimed, dx, velocity } = gesture;
      gesture = null;
      if (!claimed) return;
      swallowClick = true;
      springBack(dx);
      const action = releasedRowSwipe(dx, element.offsetWidth, velocity);
      if (action) latest.current.onSwipe(action);
    };
    const handleCancel = (event: PointerEvent) => {
      if (!gesture || event.pointerId !== gesture.pointerId) return;
      springBack(gesture.dx);
      gesture = null;
    };
    // Once the row follows the finger, the touch is the row's alone: not a scroll, nor a fling
    // that would swallow the next tap (Undo in the notice a moment later).
    const handleTouchMove = (event: TouchEvent) => {
      if (gesture?.claimed && event.cancelable) event.preventDefault();
    };
    const handleClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    };
    element.addEventListener('pointerdown', handleDown);
    element.addEventListener('pointermove', handleMove);
    element.addEventListener('pointerup', handleUp);
    element.addEventListener('pointercancel', handleCancel);
    element.addEventListener('touchmove', handleTouchMove, { passive: false });
    element.addEventListener('click', handleClick, true);
    return () => {
      element.removeEventListener('pointerdown', handleDown);
      element.removeEventListener('pointermove', handleMove);
      element.removeEventListener('pointerup', handleUp);
      element.removeEventListener('pointercancel', handleCancel);
      element.removeEventListener('touchmove', handleTouchMove);
      element.removeEventListener('click', handleClick, true);
    };
  }, [enabled]);

  const backdrop = offset !== 0 || settling ? shown : null;
  return (
    <div
      ref={ref}
      className={classes.swipe}
      {...(enabled ? { [ROW_SWIPE_ATTRIBUTE]: '' } : {})}
      data-swiping={offset !== 0 || undefined}
    >
      {backdrop && (
        <div className={classes.backdrop} data-action={backdrop} aria-hidden>
          {backdrop === 'complete' ? (
            <>
              <IconCheck size={20} stroke={2} />
              {t('item.swipe.complete')}
            </>
          ) : (
            <>
              {t('item.swipe.schedule')}
              <IconCalendarEvent size={20} stroke={1.8} />
            </>
          )}
        </div>
      )}
      <div
        className={classes.slide}
        data-settling={settling || undefined}
        style={offset !== 0 ? { transform: `translateX(${offset}px)` } : undefined}
        onTransitionEnd={() => setSettling(false)}
      >
        {children}
      </div>
    </div>
  );
}
