import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { WorkspaceResponseSchema } from '@nestbox/shared/workspace/workspace.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { FRESH_UNTIL_CHANGE } from '../../query-client';

/** `GET /api/items/get-workspace-items`: the panes, their order and the boxes they show. */
export function getWorkspace({ signal }: { signal?: AbortSignal } = {}): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/get-workspace-items', {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}

/** The one cache entry of the workspace layout; pane mutations write their answer into it. */
export function getWorkspaceQueryOptions() {
  return queryOptions({
    queryKey: ['workspace'],
    queryFn: ({ signal }) => getWorkspace({ signal }),
    ...FRESH_UNTIL_CHANGE,
    throwOnError: false,
  });
}

/** The workspace layout (panes in order). */
export function useWorkspace() {
  return useQuery(getWorkspaceQueryOptions());
}
