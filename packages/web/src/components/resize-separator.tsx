import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

interface ResizeSeparatorProps {
  value: number;
  min: number;
  max: number;
  /** What one arrow key press adds or takes away. */
  step: number;
  label: string;
  className: string | undefined;
  /** The value for the pointer at `clientX`, the drag having started at `start`. */
  valueAt: (clientX: number, start: { clientX: number; value: number }) => number;
  /** While dragging: the value to show. */
  onResize: (value: number) => void;
  /** When the drag (or key press) ends: the value to keep. */
  onResizeEnd: (value: number) => void;
}

/**
 * A bar that resizes what it separates: drag it, or focus it and use the arrow keys (Home and
 * End for the limits). Shows the value while dragging and keeps it once, at the end.
 */
export function ResizeSeparator({
  value,
  min,
  max,
  step,
  label,
  className,
  valueAt,
  onResize,
  onResizeEnd,
}: ResizeSeparatorProps) {
  const drag = useRef<{ clientX: number; value: number; current: number } | null>(null);
  const clamp = (next: number) => Math.min(max, Math.max(min, next));

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { clientX: event.clientX, value, current: value };
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.current = clamp(valueAt(event.clientX, drag.current));
    onResize(drag.current.current);
  };

  const handlePointerUp = () => {
    if (!drag.current) return;
    const { value: start, current } = drag.current;
    drag.current = null;
    if (current !== start) onResizeEnd(current);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowRight: value + step,
      Home: min,
      End: max,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = clamp(target);
    if (next === value) return;
    onResize(next);
    onResizeEnd(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a splitter; <hr> cannot take focus or keys.
    <div
      className={className}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
    />
  );
}
