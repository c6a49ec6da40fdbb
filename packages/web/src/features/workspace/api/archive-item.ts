import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ALL_ITEMS_FOR_PANE_KEY } from './get-items-for-pane';
import { getWorkspaceQueryOptions } from './get-workspace';

/** `DELETE /api/items/archive`: archives an item; an archived box also leaves the workspace (SPEC §4). */
export function archiveItem(itemId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/items/archive', { method: 'DELETE', query: { itemId } });
}

/** Archives an item, then refetches the panes and the layout (its own pane may have closed). */
export function useArchiveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
      ]),
    // SPEC §8: archive failures are only logged (the API client already logs them).
  });
}
