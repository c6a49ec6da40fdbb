import { useSyncExternalStore } from 'react';

/**
 * What is typed in each item's comment field, kept for the tab's life: Item settings closed
 * and opened again, or a send the server refused, gives back the words as they were.
 */
const drafts = new Map<string, string>();
const listeners = new Set<() => void>();

/** Sets an item's draft ('' forgets it). */
export function setCommentDraft(itemId: string, text: string): void {
  if (text === '') drafts.delete(itemId);
  else drafts.set(itemId, text);
  for (const listener of listeners) listener();
}

/** Forgets the draft once sent, unless more was typed meanwhile (that stays). */
export function clearSentDraft(itemId: string, sent: string): void {
  if ((drafts.get(itemId) ?? '') === sent) setCommentDraft(itemId, '');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The item's comment draft, and its setter. */
export function useCommentDraft(itemId: string): [string, (text: string) => void] {
  const read = () => drafts.get(itemId) ?? '';
  const draft = useSyncExternalStore(subscribe, read, read);
  return [draft, (text) => setCommentDraft(itemId, text)];
}
