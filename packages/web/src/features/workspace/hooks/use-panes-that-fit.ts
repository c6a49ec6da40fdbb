import { DEFAULT_PANE_WIDTH, WORKSPACE_PADDING } from '@nestbox/shared/constants';
import { type RefObject, useEffect, useState } from 'react';

/** SPEC §9: panes that fit = (window width - workspace padding) / pane width, at least one. */
export function panesThatFit(windowWidth: number, paneWidth = DEFAULT_PANE_WIDTH): number {
  return Math.max(1, Math.floor((windowWidth - WORKSPACE_PADDING) / paneWidth));
}

/** {@link panesThatFit} for the current window, following resizes. */
export function usePanesThatFit(): number {
  const [fit, setFit] = useState(() => panesThatFit(window.innerWidth));
  useEffect(() => {
    const update = () => setFit(panesThatFit(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return fit;
}

export interface HiddenPanes {
  /** Panes wholly or partly outside the strip on the left, nearest last. */
  before: string[];
  /** Panes wholly or partly outside the strip on the right, nearest first. */
  after: string[];
}

/**
 * Which panes of the strip are out of sight, on either side, as the strip scrolls or resizes
 * (panes have their own widths, so this watches the panes rather than counting).
 */
export function useHiddenPanes(
  stripRef: RefObject<HTMLElement | null>,
  paneIds: readonly string[],
): HiddenPanes {
  const [hidden, setHidden] = useState<HiddenPanes>({ before: [], after: [] });

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip || typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<string, 'before' | 'after' | 'shown'>();
    const observer = new IntersectionObserver(
      (entries) => {
        const stripBox = strip.getBoundingClientRect();
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.slotId;
          if (!id) continue;
          // Nearly all of it in sight counts as shown (the resize edge may be cut off).
          const shown = entry.intersectionRatio >= 0.9;
          const centre = entry.boundingClientRect.left + entry.boundingClientRect.width / 2;
          const side = centre < stripBox.left + stripBox.width / 2 ? 'before' : 'after';
          seen.set(id, shown ? 'shown' : side);
        }
        const inOrder = paneIds.filter((id) => seen.has(id));
        setHidden({
          before: inOrder.filter((id) => seen.get(id) === 'before'),
          after: inOrder.filter((id) => seen.get(id) === 'after'),
        });
      },
      { root: strip, threshold: [0, 0.5, 0.9, 1] },
    );
    for (const element of strip.querySelectorAll<HTMLElement>('[data-slot-id]')) observer.observe(element);
    return () => observer.disconnect();
  }, [stripRef, paneIds]);

  return hidden;
}
