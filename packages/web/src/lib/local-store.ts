import type { StorageKey } from '../config/storage-keys';

/**
 * A guarded, observable view of `localStorage`. Reads and writes never throw (private
 * browsing, disabled storage, or Node during tests all behave as an empty store), and every
 * write here — or in another tab — notifies subscribers, so hooks can stay in sync.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored string, or `null` when absent or storage is unavailable. */
export function readItem(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string, or removes the key when `value` is `null`, then notifies subscribers. */
export function writeItem(key: StorageKey, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch (error) {
    console.error('[storage] could not write', key, error);
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after any write, here or in another tab. Returns the unsubscribe function. */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  const handleStorage = () => listener();
  if (typeof window !== 'undefined') window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', handleStorage);
  };
}
