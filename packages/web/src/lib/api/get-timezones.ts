import type { Timezone } from '@nestbox/shared/reference/reference.schema';
import { TimezonesResponseSchema } from '@nestbox/shared/reference/reference.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** `GET /api/timezones/get-timezones`: every IANA zone with its current offset. */
export function getTimezones({ signal }: { signal?: AbortSignal } = {}): Promise<Timezone[]> {
  return apiRequest<Timezone[]>('/api/timezones/get-timezones', {
    method: 'GET',
    signal,
    authenticated: false,
    schema: import.meta.env.DEV ? TimezonesResponseSchema : undefined,
  });
}

export function getTimezonesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'timezones'],
    queryFn: ({ signal }) => getTimezones({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Forms fall back to the browser's own list, so a failure never replaces the page.
    throwOnError: false,
  });
}

export function useTimezones() {
  return useQuery(getTimezonesQueryOptions());
}
