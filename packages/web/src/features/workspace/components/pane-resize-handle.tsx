import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PANE_WIDTH_LIMITS } from '../api/save-pane-width';
import classes from './workspace-view.module.css';

const KEYBOARD_STEP = 20;

function clampWidth(width: number): number {
  return Math.round(Math.min(PANE_WIDTH_LIMITS.max, Math.max(PANE_WIDTH_LIMITS.min, width)));
}

interface PaneResizeHandleProps {
  width: number;
  /** While dragging: the width to show. */
  onResize: (width: number) => void;
  /** When the drag (or key press) ends: the width to keep. */
  onResizeEnd: (width: number) => void;
}

/** The edge to the right of a pane: drag it, or focus it and use the arrow keys, to change the width. */
export function PaneResizeHandle({ width, onResize, onResizeEnd }: PaneResizeHandleProps) {
  const { t } = useTranslation();
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, width };
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.width = clampWidth(drag.current.startWidth + event.clientX - drag.current.startX);
    onResize(drag.current.width);
  };

  const handlePointerUp = () => {
    if (!drag.current) return;
    const { width: finalWidth, startWidth } = drag.current;
    drag.current = null;
    if (finalWidth !== startWidth) onResizeEnd(finalWidth);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? KEYBOARD_STEP : event.key === 'ArrowLeft' ? -KEYBOARD_STEP : 0;
    if (!step) return;
    event.preventDefault();
    const next = clampWidth(width + step);
    onResize(next);
    onResizeEnd(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a splitter; <hr> cannot take focus or keys.
    <div
      className={classes.resizer}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('pane.resize')}
      aria-valuenow={width}
      aria-valuemin={PANE_WIDTH_LIMITS.min}
      aria-valuemax={PANE_WIDTH_LIMITS.max}
      tabIndex={0}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
    />
  );
}
