import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEYS } from '../../../config/storage-keys';
import { sessionStore } from '../../../lib/session-store';

/** The drafts this tab kept before it was reloaded; none when there are none or they do not read. */
function savedDrafts(): [string, string][] {
  try {
    const saved: unknown = JSON.parse(sessionStore()?.getItem(SESSION_STORAGE_KEYS.commentDrafts) ?? '{}');
    if (typeof saved !== 'object' || saved === null) return [];
    return Object.entries(saved).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  } catch {
    return [];
  }
}

/**
 * What is typed in each item's comment field and not sent yet, kept in this tab's session
 * storage: Item settings closed and opened again, a send the server refused, or the tab
 * reloaded gives back the words as they were. Logging out forgets them (lib/session.ts).
 */
const drafts = new Map<string, string>(savedDrafts());
const listeners = new Set<() => void>();

/** Sets an item's draft ('' forgets it). */
export function setCommentDraft(itemId: string, text: string): void {
  if (text === '') drafts.delete(itemId);
  else drafts.set(itemId, text);
  try {
    sessionStore()?.setItem(SESSION_STORAGE_KEYS.commentDrafts, JSON.stringify(Object.fromEntries(drafts)));
  } catch {
    // Storage full or disabled: the draft is kept for this page's life only.
  }
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
