import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { apiRequest } from '../../../lib/api-client';

/** Narrowest and widest a pane can be dragged (the API accepts 200–2000 px). */
export const PANE_WIDTH_LIMITS = { min: 280, max: 960 } as const;

/** `PUT /api/workspace/panes-widths`: the widths of some panes, by pane id. */
export function savePanesWidths(panesDict: Record<string, number>): Promise<unknown> {
  return apiRequest<unknown>('/api/workspace/panes-widths', {
    method: 'PUT',
    body: { panesDict },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Keeps a pane's new width, in the layout cache at once and then on the server. */
export function useSavePaneWidth() {
  const queryClient = useQueryClient();
  const { queryKey } = getWorkspaceQueryOptions();
  return useMutation({
    mutationFn: ({ paneId, width }: { paneId: string; width: number }) =>
      savePanesWidths({ [paneId]: width }),
    onMutate: ({ paneId, width }) => {
      queryClient.setQueryData<Workspace>(queryKey, (workspace) => {
        const pane = workspace?.panes[paneId];
        if (!workspace || !pane) return workspace;
        return { ...workspace, panes: { ...workspace.panes, [paneId]: { ...pane, width } } };
      });
    },
    // SPEC §8: a failed setting save is only logged (the API client logs it).
  });
}
