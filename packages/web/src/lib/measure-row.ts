import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtual row's height without forcing a layout. The virtualiser measures each row as it
 * mounts, and by default reads its box there and then: with a row mounted and the scroll
 * offset corrected between reads, each read lays the page out again, many times a frame. Here
 * a row keeps its known (or estimated) height until the ResizeObserver, which runs after the
 * browser's own layout, reports the real one.
 */
export function measureRowLazily<Scroller extends Element | Window>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Scroller, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
}
