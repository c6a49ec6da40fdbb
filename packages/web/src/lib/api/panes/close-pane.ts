import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { getWorkspaceQueryOptions } from './get-workspace';

/** `DELETE /api/workspace/pane`: closes one pane. */
export function closePane(paneId: string): Promise<{ ok: boolean }> {
  return apiRequest<{ ok: boolean }>('/api/workspace/pane', {
    method: 'DELETE',
    query: { paneId },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Closes a pane: it leaves the layout at once, and comes back if the server refuses. */
export function useClosePane() {
  const queryClient = useQueryClient();
  const { queryKey } = getWorkspaceQueryOptions();
  return useMutation({
    mutationFn: closePane,
    onMutate: async (paneId) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const { [paneId]: _closed, ...panes } = before.panes;
        const after: Workspace = {
          ...before,
          panes,
          panesIndex: before.panesIndex.filter((id) => id !== paneId),
        };
        queryClient.setQueryData(queryKey, after);
      }
      return { before };
    },
    onError: (_error, _paneId, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
