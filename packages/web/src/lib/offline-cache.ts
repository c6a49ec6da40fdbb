import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * What the signed-in screens last showed, kept in IndexedDB so that Nestbox opened with no
 * network still shows the person's Workspace, panes, Organizer and reminders. Only the
 * queries below are kept; the store is emptied at logout, and a copy saved for another
 * person (or by another build) is never restored.
 */
const KEPT_QUERIES = new Set(['users', 'workspace', 'items-for-pane', 'organizer', 'reminders']);

/** A week: what is older is no help offline and is dropped at the next restore. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const DATABASE = 'nestbox-offline';
const KEY = 'queries';

let store: ReturnType<typeof createStore> | undefined;
const cacheStore = () => {
  store ??= createStore(DATABASE, 'cache');
  return store;
};

const persister = createAsyncStoragePersister({
  key: KEY,
  storage: {
    getItem: (key) => get<string>(key, cacheStore()),
    setItem: (key, value: string) => set(key, value, cacheStore()),
    removeItem: (key) => del(key, cacheStore()),
  },
  throttleTime: 1_000,
});

function isKept(query: Query): boolean {
  return query.state.status === 'success' && KEPT_QUERIES.has(String(query.queryKey[0]));
}

/** Whose copy this is: another person's, or another build's, is thrown away. */
function busterFor(userId: string): string {
  return `${userId}:${import.meta.env.VITE_BUILD_ID ?? 'dev'}`;
}

/**
 * The person a session token belongs to (its `sub`), read without checking the signature:
 * it only picks which saved copy may be read back, and the server checks every request.
 */
export function sessionUserId(token: string | null): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the kept queries as they change (at most once a second); returns the way to stop. */
export function keepOffline(queryClient: QueryClient, userId: string): () => void {
  return persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: busterFor(userId),
    dehydrateOptions: { shouldDehydrateQuery: isKept },
  });
}

/**
 * Puts the saved copy into the cache. Queries answered since (newer data) keep their answer;
 * the others show the saved one until they are asked again.
 */
export function restoreOffline(queryClient: QueryClient, userId: string): Promise<void> {
  return persistQueryClientRestore({ queryClient, persister, buster: busterFor(userId), maxAge: MAX_AGE_MS });
}

/** Forgets the saved copy (logout). */
export function forgetOffline(): Promise<void> {
  return del(KEY, cacheStore());
}
