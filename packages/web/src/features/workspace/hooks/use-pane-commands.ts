import { useEffect, useRef } from 'react';

/**
 * What a box pane can be asked to do from outside it (the command palette's "New box here",
 * "New text here"): each pane whose box the person may add to answers for itself.
 */
export type PaneCommand = 'newBox' | 'newText';

type Handlers = Record<PaneCommand, () => void>;

/** Each open box pane: its handlers, or null while its box takes no new items (read only). */
const panes = new Map<string, Handlers | null>();

/** While a pane is open, it answers for itself: with handlers, or null when read only. */
export function registerPaneCommands(paneId: string, handlers: Handlers | null): () => void {
  panes.set(paneId, handlers);
  return () => {
    if (panes.get(paneId) === handlers) panes.delete(paneId);
  };
}

/**
 * Whether this pane can do it now: 'ready', 'readonly' (it is open, but its box takes no new
 * items), or 'closed' (not on screen, e.g. the palette was opened from the Organizer).
 */
export function paneCommandState(paneId: string): 'ready' | 'readonly' | 'closed' {
  if (!panes.has(paneId)) return 'closed';
  return panes.get(paneId) ? 'ready' : 'readonly';
}

/** Asks the pane to do it; false when it cannot. */
export function runPaneCommand(paneId: string, command: PaneCommand): boolean {
  const run = panes.get(paneId)?.[command];
  run?.();
  return run !== undefined;
}

/**
 * Lets a pane answer for itself while it is open: with `handlers` (null while its box takes no
 * new items), the latest render's handlers run.
 */
export function usePaneCommands(paneId: string, handlers: Handlers | null): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const enabled = handlers !== null;
  useEffect(
    () =>
      registerPaneCommands(
        paneId,
        enabled
          ? {
              newBox: () => latest.current?.newBox(),
              newText: () => latest.current?.newText(),
            }
          : null,
      ),
    [paneId, enabled],
  );
}
