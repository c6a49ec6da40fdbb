import { useEffect, useSyncExternalStore } from 'react';
import { selectItem } from './item-selection';

/** How long a revealed row stays marked (its highlight fades over this time). */
export const REVEAL_MS = 1_600;
/** How long to wait for the row to be drawn (a pane opening, a list loading). */
const WAIT_MS = 5_000;

/** The item being revealed, for the lists that draw only the rows in sight. */
let revealing: string | null = null;
const listeners = new Set<() => void>();
const setRevealing = (itemId: string | null) => {
  revealing = itemId;
  for (const listener of listeners) listener();
};

/**
 * Brings an item's row into view once the workspace draws it, marks it (`data-revealed`) for
 * a moment so the eye finds it, and makes it the selection in the first pane showing it, so
 * the keyboard carries on from there: after a dive-down from the Organizer, opening a search
 * or palette result, or a calendar link. A virtual list scrolls to it first
 * (useRevealInList). Gives up quietly if the row never shows.
 */
export function revealItem(itemId: string): void {
  setRevealing(itemId);
  // Its rows in box panes (a search pane lists it too, as a result: not that).
  const selector = `[data-pane-id]:not([data-pane-type="search"]) [data-item-id="${CSS.escape(itemId)}"]`;
  const reveal = () => {
    const rows = [...document.querySelectorAll<HTMLElement>(selector)];
    for (const row of rows) {
      row.scrollIntoView({ block: 'center', inline: 'nearest' });
      row.dataset.revealed = 'true';
      setTimeout(() => delete row.dataset.revealed, REVEAL_MS);
    }
    const paneId = rows[0]?.closest<HTMLElement>('[data-pane-id]')?.dataset.paneId;
    if (paneId) selectItem({ itemId, scope: paneId });
    return rows.length > 0;
  };
  const done = () => {
    observer.disconnect();
    if (revealing === itemId) setRevealing(null);
  };
  const observer = new MutationObserver(() => {
    if (reveal()) done();
  });
  if (reveal()) {
    done();
    return;
  }
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(done, WAIT_MS);
}

/**
 * For a list that draws only the rows in sight: when the item being revealed is one of its
 * own, `scrollTo` its index, so its row is drawn (and then marked by revealItem).
 */
export function useRevealInList(indexOf: (itemId: string) => number, scrollTo: (index: number) => void) {
  const itemId = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => revealing,
  );
  useEffect(() => {
    if (itemId === null) return;
    const index = indexOf(itemId);
    if (index >= 0) scrollTo(index);
  }, [itemId, indexOf, scrollTo]);
}
