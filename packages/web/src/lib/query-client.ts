import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry only what may pass on a second try: no answer at all, or a 5xx — never a cancel or a 4xx. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= 2 || !isApiError(error) || error.canceled) return false;
  return error.status === 0 || error.status >= 500;
}

/**
 * How long data kept current by live updates counts as fresh: a component mounting within it
 * uses the cache (e.g. what the first screen fetched early, see app/prefetch.ts) without
 * asking again. Live events, reconnects and changes still refetch at once.
 */
export const FRESH_FOR_MS = 30_000;

/**
 * Server state lives here (STYLE.md rule 5). A query failing with a 5xx throws to the route's
 * error element, which shows the 500 page; queries that can show their error in place opt out.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        throwOnError: (error) => isApiError(error) && error.status >= 500,
      },
      mutations: { retry: false },
    },
  });
}
