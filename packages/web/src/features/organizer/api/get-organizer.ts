import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Organizer {
  organizerItems: OrganizerItem[];
  parentOrganizerItems: Record<string, { _id: string; title: string }>;
}

export const organizerKey = ['organizer'] as const;

/** `GET /api/items/get-organizer`: every prioritizable item of the caller, ranked or not. */
export function getOrganizer({ signal }: { signal?: AbortSignal } = {}): Promise<Organizer> {
  return apiRequest<Organizer>('/api/items/get-organizer', { method: 'GET', signal });
}

export function getOrganizerQueryOptions() {
  return queryOptions({
    queryKey: organizerKey,
    queryFn: ({ signal }) => getOrganizer({ signal }),
    // The page shows its own error state with a retry, not the 500 page.
    throwOnError: false,
  });
}

/** The Organizer's items; drops and edits patch this cache optimistically. */
export function useOrganizer() {
  return useQuery(getOrganizerQueryOptions());
}
