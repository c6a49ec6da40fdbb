import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getWorkspaceQueryOptions } from '../../lib/api/panes/get-workspace';
import { notify } from '../../lib/notify';

/**
 * Shows a box in the Workspace from anywhere (a captured text's box, a box an import made):
 * the pane already showing it, else a new last pane; then the Workspace page. Answers whether
 * it could.
 */
export function useOpenBox(): (boxId: string) => Promise<boolean> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (boxId: string) => {
      try {
        // Loaded when first asked for: the first screen of the app does without it.
        const { openBoxInWorkspace } = await import('../../features/organizer/api/open-in-workspace');
        queryClient.setQueryData(getWorkspaceQueryOptions().queryKey, await openBoxInWorkspace(boxId));
      } catch {
        notify({ type: 'error', message: t('error.generic') });
        return false;
      }
      await navigate(PAGE_PATHS.boxes);
      return true;
    },
    [queryClient, navigate, t],
  );
}
