import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { SearchResultSchema } from '@nestbox/shared/items/item.schema';
import type { PaneSearch, Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { WorkspaceResponseSchema } from '@nestbox/shared/workspace/workspace.schema';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { apiRequest } from '../../../lib/api-client';
import { RERUN_ON_ITEM_CHANGE } from '../../../lib/query-client';

/** `PUT /api/items/update-search-pane`: keeps a search pane's term, scope and toggles. */
export function updateSearchPane(body: { paneId: string; search: PaneSearch }): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/update-search-pane', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}

/** `POST /api/items/search-items`: the items matching a search, with their box's title. */
export function searchItems(search: PaneSearch, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<SearchResult[]>('/api/items/search-items', {
    method: 'POST',
    body: {
      searchTerm: search.term,
      scope: search.scope === 'tags' ? 'search' : search.scope,
      includeArchived: search.includeArchived,
      includeCompleted: search.includeCompleted,
      withinBoxId: search.withinBoxId,
    },
    signal,
    schema: import.meta.env.DEV ? SearchResultSchema.array() : undefined,
  });
}

/** Prefix of every search's results, for changes that may alter them (archive, star). */
export const ALL_SEARCH_RESULTS_KEY = ['search-results'] as const;

/**
 * Whether a search is worth running: a term, or the Favourites scope (which lists every
 * starred item when no term narrows it). The Tags scope lists tags, not items.
 */
export function isRunnable(search: PaneSearch): boolean {
  return search.scope !== 'tags' && (search.term.trim() !== '' || search.scope === 'favourites');
}

export function searchResultsQueryOptions(search: PaneSearch) {
  return queryOptions({
    queryKey: [...ALL_SEARCH_RESULTS_KEY, search],
    queryFn: ({ signal }) => searchItems(search, { signal }),
    enabled: isRunnable(search),
    // While a new term is searched, the previous results stay on screen (no flashing list).
    placeholderData: keepPreviousData,
    throwOnError: false,
    ...RERUN_ON_ITEM_CHANGE,
  });
}

/** The results of a search pane's search. */
export function useSearchResults(search: PaneSearch) {
  return useQuery(searchResultsQueryOptions(search));
}

/** Keeps a search pane's search with the pane (it survives a reload). */
export function useUpdateSearchPane() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSearchPane,
    onSuccess: (workspace) => queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, workspace),
  });
}
