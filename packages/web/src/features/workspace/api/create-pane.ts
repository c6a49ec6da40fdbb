import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getWorkspaceQueryOptions } from './get-workspace';

export interface CreatePaneBody {
  /** Index of the new pane. */
  pos: number;
  itemId: string;
}

/** `POST /api/items/create-pane`: opens a box in a new pane; answers the whole workspace. */
export function createPane(body: CreatePaneBody): Promise<Workspace> {
  return apiRequest<Workspace>('/api/items/create-pane', { method: 'POST', body: { ...body, type: 'box' } });
}

/** Opens a box in a new pane and puts the new layout in the cache. */
export function useCreatePane() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPane,
    onSuccess: (workspace) => queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, workspace),
  });
}
