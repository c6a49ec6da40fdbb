import { type KeyboardEvent, type PointerEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './organizer-lists.module.css';

const MIN = 25;
const MAX = 75;
const KEYBOARD_STEP = 5;

const clamp = (percentage: number) => Math.round(Math.min(MAX, Math.max(MIN, percentage)) * 10) / 10;

interface SplitHandleProps {
  percentage: number;
  /** The element both lists share, to turn the pointer position into a percentage. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** While dragging: the split to show. */
  onResize: (percentage: number) => void;
  /** When the drag (or key press) ends: the split to keep. */
  onResizeEnd: (percentage: number) => void;
}

/** The bar between the two lists: drag it, or focus it and use the arrow keys, to share the width. */
export function SplitHandle({ percentage, containerRef, onResize, onResizeEnd }: SplitHandleProps) {
  const { t } = useTranslation();
  const drag = useRef<{ start: number; current: number } | null>(null);

  const percentageAt = (clientX: number) => {
    const box = containerRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? clamp(((clientX - box.left) / box.width) * 100) : percentage;
  };

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: percentage, current: percentage };
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.current = percentageAt(event.clientX);
    onResize(drag.current.current);
  };

  const handlePointerUp = () => {
    if (!drag.current) return;
    const { start, current } = drag.current;
    drag.current = null;
    if (current !== start) onResizeEnd(current);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: percentage - KEYBOARD_STEP,
      ArrowRight: percentage + KEYBOARD_STEP,
      Home: MIN,
      End: MAX,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = clamp(target);
    if (next === percentage) return;
    onResize(next);
    onResizeEnd(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a splitter; <hr> cannot take focus or keys.
    <div
      className={classes.splitHandle}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('organiser.resize')}
      aria-valuenow={percentage}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      tabIndex={0}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
    />
  );
}
