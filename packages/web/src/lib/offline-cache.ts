import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core';
import {
  type DehydratedState,
  hydrate,
  type Mutation,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { isItemChange } from './item-changes';

/**
 * What the signed-in screens last showed, kept in IndexedDB so that Nestbox opened with no
 * network still shows the person's Workspace, panes, Organizer and reminders, with the item
 * changes that wait for the network (lib/item-changes), so none is lost to a reload. Only the
 * queries below are kept; the store is emptied at logout, and a copy saved for another person
 * is never restored (nor the screens another build saved: its changes still go out).
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

/**
 * A kept screen's data is saved as long as it has some: a refetch that failed (the network
 * gone while the device said it was online) still shows it, so the copy keeps it too.
 */
export function isKept(query: Query): boolean {
  return query.state.data !== undefined && KEPT_QUERIES.has(String(query.queryKey[0]));
}

/** A saved screen as it was shown: its data, with no failed refetch that would stand for it. */
export function asShown(query: DehydratedState['queries'][number]): DehydratedState['queries'][number] {
  const { state } = query;
  return {
    ...query,
    state: {
      ...state,
      status: 'success',
      error: null,
      fetchStatus: 'idle',
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any kind of change, whatever its types.
const isWaitingChange = (mutation: Mutation<any, any, any, any>) =>
  mutation.state.isPaused && isItemChange(mutation);

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

/** The waiting changes are read back once per page: a second read would send them twice. */
let changesRead: Promise<unknown> | undefined;

/**
 * Saves the kept queries and the waiting changes, then again as they change (at most once a
 * second), once the changes saved before were read back (saving first would write over them);
 * returns the way to stop.
 */
export function keepOffline(queryClient: QueryClient, userId: string): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void (changesRead ?? Promise.resolve())
    .catch(() => {})
    .then(() => {
      if (stopped) return;
      const options = {
        queryClient,
        persister,
        buster: busterFor(userId),
        dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: isWaitingChange },
      };
      stop = persistQueryClientSubscribe(options);
      // What the screens show already is saved now, not at their next change.
      void persistQueryClientSave(options);
    });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Puts the saved copy into the cache: the changes that waited for the network (once per page;
 * they go out in order when it is there), and with `screens` what the screens showed, when
 * this build saved it within a week. Queries answered since (newer data) keep their answer;
 * the others show the saved one until they are asked again.
 */
export async function restoreOffline(
  queryClient: QueryClient,
  userId: string,
  { screens }: { screens: boolean },
): Promise<void> {
  const withChanges = changesRead === undefined;
  const reading = Promise.resolve(persister.restoreClient());
  if (withChanges) changesRead = reading;
  const saved = await reading;
  if (!saved?.buster.startsWith(`${userId}:`)) return;
  const current = saved.buster === busterFor(userId) && Date.now() - saved.timestamp <= MAX_AGE_MS;
  hydrate(queryClient, {
    queries: screens && current ? saved.clientState.queries.map(asShown) : [],
    mutations: withChanges ? saved.clientState.mutations : [],
  });
}

/** Forgets the saved copy (logout). */
export function forgetOffline(): Promise<void> {
  return del(KEY, cacheStore());
}
