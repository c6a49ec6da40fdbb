import { useEffect, useRef } from 'react';

/**
 * What a box pane can be asked to do from outside it (the command palette's "New box here",
 * "New text here"): each pane whose box the person may add to answers for itself.
 */
export type PaneCommand = 'newBox' | 'newText';

type Handlers = Record<PaneCommand, () => void>;

const panes = new Map<string, Handlers>();

/** While a pane's box takes new items, its handlers answer for it (usePaneCommands). */
export function registerPaneCommands(paneId: string, handlers: Handlers): () => void {
  panes.set(paneId, handlers);
  return () => {
    if (panes.get(paneId) === handlers) panes.delete(paneId);
  };
}

/** Whether this pane can do it now (it is open and its box takes new items). */
export function canRunPaneCommand(paneId: string, command: PaneCommand): boolean {
  return panes.get(paneId)?.[command] !== undefined;
}

/** Asks the pane to do it; false when it cannot. */
export function runPaneCommand(paneId: string, command: PaneCommand): boolean {
  const run = panes.get(paneId)?.[command];
  run?.();
  return run !== undefined;
}

/**
 * Lets a pane answer for itself: with `handlers` (null while its box takes no new items), the
 * latest render's handlers run.
 */
export function usePaneCommands(paneId: string, handlers: Handlers | null): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const enabled = handlers !== null;
  useEffect(() => {
    if (!enabled) return;
    return registerPaneCommands(paneId, {
      newBox: () => latest.current?.newBox(),
      newText: () => latest.current?.newText(),
    });
  }, [paneId, enabled]);
}
