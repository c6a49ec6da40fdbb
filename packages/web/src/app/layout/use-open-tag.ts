import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotifyFailure } from '../../hooks/use-notify-failure';
import { createSearchPane } from '../../lib/api/panes/create-search-pane';
import { getWorkspaceQueryOptions } from '../../lib/api/panes/get-workspace';

/**
 * Opens a tag from anywhere (a chip in a row): a new last search pane for `#name`, then the
 * Workspace page, where new panes are brought into view.
 */
export function useOpenTag(): (name: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifyFailure = useNotifyFailure();
  return useCallback(
    (name: string) => {
      void (async () => {
        try {
          const workspace = await queryClient.fetchQuery(getWorkspaceQueryOptions());
          const next = await createSearchPane({ pos: workspace.panesIndex.length, term: `#${name}` });
          queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, next);
          await navigate(PAGE_PATHS.boxes);
        } catch (error) {
          notifyFailure(error, 'error.generic');
        }
      })();
    },
    [queryClient, navigate, notifyFailure],
  );
}
