import { type AuditPage, AuditPageSchema } from '@nestbox/shared/audit/audit.schema';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Key of the caller's own audit events (Settings → Profile → Recent activity). */
export const OWN_ACTIVITY_KEY = ['own-activity'] as const;

/** `GET /api/users/audit`: a page of the caller's events, newest first, after `cursor`. */
export function getOwnActivity(cursor: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<AuditPage>(`/api/users/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? AuditPageSchema : undefined,
  });
}

/** Read afresh each time the section shows: what it lists happens elsewhere too. */
export function ownActivityQueryOptions() {
  return infiniteQueryOptions({
    queryKey: OWN_ACTIVITY_KEY,
    queryFn: ({ pageParam, signal }) => getOwnActivity(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 0,
    throwOnError: false,
  });
}
