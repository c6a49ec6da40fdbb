import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry only what may pass on a second try: no answer at all, or a 5xx — never a cancel or a 4xx. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= 2 || !isApiError(error) || error.canceled) return false;
  return error.status === 0 || error.status >= 500;
}

/**
 * The item data that live updates keep current (panes, the layout, the Organizer) counts as
 * fresh this long, so a component mounting within it uses the cache without asking again
 * (e.g. what the first screen fetched early, see app/prefetch.ts) — but only until the user
 * changes something: every successful change in this tab marks it stale (see
 * createQueryClient), since a change made on one page may show on another whose cache it
 * did not patch. Changes by others arrive as live events, which patch or refetch.
 */
export const FRESH_FOR_MS = 30_000;

/** The options of a query that is fresh for FRESH_FOR_MS or until the user's next change. */
export const FRESH_UNTIL_CHANGE = { staleTime: FRESH_FOR_MS, meta: { freshUntilChange: true } } as const;

/**
 * The options of a query whose answer any change to any item may alter (a search pane's
 * results: an archived, starred, completed, renamed or moved item may join or leave them).
 * Such queries are asked again, when on screen, after every change made here and every live
 * change from elsewhere (see rerunAfterItemChange).
 */
export const RERUN_ON_ITEM_CHANGE = { meta: { rerunOnItemChange: true } } as const;

/**
 * Reruns the RERUN_ON_ITEM_CHANGE queries on screen (the others just go stale). A run under
 * way started before the change, so it is cancelled and started again.
 */
export function rerunAfterItemChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.rerunOnItemChange === true });
}

/**
 * What a change made here means for the cache: what was fresh until a change is stale now.
 * Not refetched here (what is on screen was patched by the change itself): the next component
 * to mount asks again. Search panes on screen run again.
 */
export function markChanged(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({
    predicate: (query) => query.meta?.freshUntilChange === true,
    refetchType: 'none',
  });
  return rerunAfterItemChange(queryClient);
}

/**
 * Server state lives here (STYLE.md rule 5). A query failing with a 5xx throws to the route's
 * error element, which shows the 500 page; queries that can show their error in place opt out.
 */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes a network until the browser says otherwise; a page opened offline
  // must know at once, so that its requests wait for the network instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onSuccess: () => void markChanged(queryClient) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        throwOnError: (error) => isApiError(error) && error.status >= 500,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
