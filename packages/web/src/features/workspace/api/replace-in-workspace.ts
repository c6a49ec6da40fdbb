import {
  type ReplaceInWorkspaceBody,
  type Workspace,
  WorkspaceResponseSchema,
} from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/replace-in-workspace`: the pane at `pos` shows another box; answers the workspace. */
export function replaceInWorkspace(body: Omit<ReplaceInWorkspaceBody, 'paneType'>): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/replace-in-workspace', {
    method: 'PUT',
    body: { ...body, paneType: 'box' },
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}

/** Shows another box in a pane and puts the new layout in the cache. */
export function useReplaceInWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceInWorkspace,
    onSuccess: (workspace) => queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, workspace),
  });
}
