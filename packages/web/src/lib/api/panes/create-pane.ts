import {
  type CreatePaneBody,
  type Workspace,
  WorkspaceResponseSchema,
} from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { getWorkspaceQueryOptions } from './get-workspace';

/** `POST /api/items/create-pane`: opens a box in a new pane; answers the whole workspace. */
export function createPane(body: Omit<CreatePaneBody, 'type'>): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/create-pane', {
    method: 'POST',
    body: { ...body, type: 'box' },
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}

/** Opens a box in a new pane and puts the new layout in the cache. */
export function useCreatePane() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPane,
    onSuccess: (workspace) => queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, workspace),
  });
}
