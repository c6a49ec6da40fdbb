import { useSyncExternalStore } from 'react';

/**
 * The item the keyboard acts on: one row, in one list. `scope` names the list it was
 * selected in (a pane's id, or `organizer`), so the same item open in two panes is
 * selected in only one of them.
 */
export interface ItemSelection {
  itemId: string;
  scope: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ItemSelection | null = null;

/** Selects a row (or nothing, with null) and tells every subscriber. */
export function selectItem(next: ItemSelection | null): void {
  if (next?.itemId === current?.itemId && next?.scope === current?.scope) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The selection now, for handlers that run outside React's render. */
export function getItemSelection(): ItemSelection | null {
  return current;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selection, re-rendering the caller when it changes. */
export function useItemSelection(): ItemSelection | null {
  return useSyncExternalStore(subscribe, getItemSelection, getItemSelection);
}
