import { type RefObject, useEffect, useRef } from 'react';

/**
 * Scrolls a pane that has just opened into view: a box opened from a pane lands to its right,
 * which on a narrow screen (or a long strip) is outside the visible part of the strip.
 * Panes present on the first render (a reload) are left where they are.
 */
export function useRevealNewPanes(stripRef: RefObject<HTMLElement | null>, paneIds: readonly string[]) {
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const before = known.current;
    known.current = new Set(paneIds);
    if (!before) return;
    const added = paneIds.find((id) => !before.has(id));
    if (!added) return;
    const element = stripRef.current?.querySelector<HTMLElement>(`[data-pane-id="${CSS.escape(added)}"]`);
    element?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'nearest' });
  }, [paneIds, stripRef]);
}
