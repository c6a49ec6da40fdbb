import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** The width saves under way, counted so that only the last one reads the layout again. */
const SAVE_PANE_WIDTH_KEY = ['workspace', 'pane-width'];

/**
 * Shows a pane's new width in the cached layout at once. A read of the layout already under way
 * began before the width was saved: its answer would put the old width back, so it is given up.
 */
export async function showPaneWidth(queryClient: QueryClient, paneId: string, width: number): Promise<void> {
  const { queryKey } = getWorkspaceQueryOptions();
  await queryClient.cancelQueries({ queryKey }, { revert: false });
  queryClient.setQueryData<Workspace>(queryKey, (workspace) => {
    const pane = workspace?.panes[paneId];
    if (!workspace || !pane) return workspace;
    return { ...workspace, panes: { ...workspace.panes, [paneId]: { ...pane, width } } };
  });
}

/**
 * Keeps a pane's new width, in the layout cache at once and then on the server. Once the last
 * of several quick saves (arrow key presses) is answered, the layout is read again: it brings
 * what a read given up for them would have brought (a pane an archive closed).
 */
export function useSavePaneWidth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SAVE_PANE_WIDTH_KEY,
    mutationFn: ({ paneId, width }: { paneId: string; width: number }) =>
      savePanesWidths({ [paneId]: width }),
    onMutate: ({ paneId, width }) => showPaneWidth(queryClient, paneId, width),
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SAVE_PANE_WIDTH_KEY }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey });
    },
    // SPEC §8: a failed setting save is only logged (the API client logs it).
  });
}
