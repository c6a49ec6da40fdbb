import { useDndMonitor } from '@dnd-kit/core';
import { type RefObject, useEffect, useRef } from 'react';
import { isTypingTarget } from '../../../lib/shortcuts';
import { isRowSwipeStart } from './row-swipe';

/** How far a finger must travel sideways for a swipe to count. */
const SWIPE_MIN_PX = 48;

/**
 * What a finger's travel from its press to its lift means: 1 for a swipe right to left (the
 * next pane), -1 for left to right (the previous one), 0 for no swipe (too short, or not
 * clearly horizontal: at least twice as far sideways as up or down).
 */
export function swipeStep(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * A sideways swipe with a finger or pen over `element`: `onSwipe(1)` for right to left (the
 * next pane), `onSwipe(-1)` for left to right. Only a clearly horizontal move counts (at least
 * twice as far sideways as up or down); a vertical one is the browser's scroll (it cancels the
 * pointer), and a gesture that lifted a row for drag and drop (a long press) is a drag, never
 * a swipe. The panes allow vertical panning only (`touch-action: pan-y`), so a sideways move
 * reaches these pointer events. A swipe that starts on a text row is the row's (isRowSwipeStart).
 * Must be used inside the drag-and-drop context.
 */
export function usePaneSwipe(
  elementRef: RefObject<HTMLElement | null>,
  onSwipe: (step: 1 | -1) => void,
  enabled: boolean,
) {
  const dragged = useRef(false);
  const latest = useRef(onSwipe);
  latest.current = onSwipe;
  useDndMonitor({
    onDragStart: () => {
      dragged.current = true;
    },
  });

  useEffect(() => {
    const element = elementRef.current;
    if (!element || !enabled) return;
    let start: { x: number; y: number; pointerId: number } | null = null;
    const handlePointerDown = (event: PointerEvent) => {
      const touchLike = event.pointerType === 'touch' || event.pointerType === 'pen';
      start =
        touchLike && event.isPrimary && !isTypingTarget(event.target) && !isRowSwipeStart(event)
          ? { x: event.clientX, y: event.clientY, pointerId: event.pointerId }
          : null;
      dragged.current = false;
    };
    const handlePointerUp = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.pointerId) return;
      const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
      start = null;
      if (step !== 0 && !dragged.current) latest.current(step);
    };
    const handlePointerCancel = () => {
      start = null;
    };
    element.addEventListener('pointerdown', handlePointerDown);
    element.addEventListener('pointerup', handlePointerUp);
    element.addEventListener('pointercancel', handlePointerCancel);
    return () => {
      element.removeEventListener('pointerdown', handlePointerDown);
      element.removeEventListener('pointerup', handlePointerUp);
      element.removeEventListener('pointercancel', handlePointerCancel);
    };
  }, [elementRef, enabled]);
}
