import {
  type RenameTagBody,
  type RenameTagResponse,
  RenameTagResponseSchema,
  type TagsResponse,
  TagsResponseSchema,
} from '@nestbox/shared/tags/tag.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { RERUN_ON_ITEM_CHANGE } from '../query-client';

/** `GET /api/tags`: the tags of the texts the caller sees, with how many carry each, most used first. */
export function getTags({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<TagsResponse>('/api/tags', {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? TagsResponseSchema : undefined,
  });
}

export function tagsQueryOptions() {
  return queryOptions({
    queryKey: ['tags'] as const,
    queryFn: ({ signal }) => getTags({ signal }),
    staleTime: 10_000,
    throwOnError: false,
    // A title written here or elsewhere may add or drop a tag.
    ...RERUN_ON_ITEM_CHANGE,
  });
}

/** The caller's tags (autocomplete, the Tags scope, the Organizer's filter). */
export function useTags({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagsQueryOptions(), enabled });
}

/** `POST /api/tags/rename`: with `dryRun`, how many texts the caller may edit carry the tag. */
export function renameTag(body: RenameTagBody) {
  return apiRequest<RenameTagResponse>('/api/tags/rename', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? RenameTagResponseSchema : undefined,
  });
}

/**
 * Renames a tag everywhere the caller may. The texts changed may sit in any pane, the
 * Organizer or a search, and this tab hears no echo of its own change: it asks again for
 * everything it shows.
 */
export function useRenameTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string }) => renameTag({ ...body, dryRun: false }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
