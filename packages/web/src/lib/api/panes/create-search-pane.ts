import type { PaneSearch, Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { WorkspaceResponseSchema } from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { getWorkspaceQueryOptions } from './get-workspace';

/** A new search pane looks everywhere the user can see, for nothing yet. */
export const NEW_SEARCH: PaneSearch = {
  term: '',
  scope: 'search',
  includeArchived: false,
  includeCompleted: false,
  withinBoxId: null,
};

/**
 * `POST /api/items/create-search-pane`: a search pane at index `pos`, looking only inside
 * `withinBoxId` when given, for `term` (a tag's pane: `#name`); answers the whole workspace.
 */
export function createSearchPane({
  pos,
  withinBoxId = null,
  term = '',
}: {
  pos: number;
  withinBoxId?: string | null;
  term?: string;
}): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/create-search-pane', {
    method: 'POST',
    body: { pos, search: { ...NEW_SEARCH, withinBoxId, term } },
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}

/** Opens a search pane and puts the new layout in the cache. */
export function useCreateSearchPane() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSearchPane,
    onSuccess: (workspace) => queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, workspace),
  });
}
