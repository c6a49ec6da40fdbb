import { type RefObject, useCallback, useEffect, useState } from 'react';

const slotsOf = (strip: HTMLElement) => [...strip.querySelectorAll<HTMLElement>(':scope > [data-slot-id]')];

/**
 * On phones the strip shows one pane at a time: the current pane is the one whose left edge is
 * at the strip's, however the strip got there (the switcher, a swipe, a pane just opened and
 * scrolled into view, the focus moving into another pane). `goTo` scrolls another one in.
 */
export function useCurrentPane(
  stripRef: RefObject<HTMLElement | null>,
  paneIds: readonly string[],
  enabled: boolean,
) {
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const strip = stripRef.current;
    // Read again whenever the panes change (one opened or closed moves the others).
    if (!strip || !enabled || paneIds.length === 0) return;
    const update = () => {
      const left = strip.getBoundingClientRect().left;
      let nearest = 0;
      let distance = Number.POSITIVE_INFINITY;
      for (const [index, slot] of slotsOf(strip).entries()) {
        const away = Math.abs(slot.getBoundingClientRect().left - left);
        if (away < distance) {
          nearest = index;
          distance = away;
        }
      }
      setCurrent(nearest);
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      strip.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [stripRef, paneIds, enabled]);

  const goTo = useCallback(
    (index: number) => {
      const strip = stripRef.current;
      const slot = strip ? slotsOf(strip)[index] : undefined;
      if (!strip || !slot) return;
      const left = slot.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      strip.scrollTo({ left, behavior: still ? 'instant' : 'smooth' });
    },
    [stripRef],
  );

  return { current: Math.min(current, Math.max(0, paneIds.length - 1)), goTo };
}
