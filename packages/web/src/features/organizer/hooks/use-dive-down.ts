import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { revealItem } from '../../../lib/reveal-item';
import { openBoxInWorkspace } from '../api/open-in-workspace';

/**
 * Shift-click 'dives down' (SPEC §2): the item's box opens in a pane of the workspace, which
 * then shows, scrolled to the item and marking it for a moment.
 */
export function useDiveDown() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (item: OrganizerItem) => {
      if (!item.parentItemId) return;
      try {
        const workspace = await openBoxInWorkspace(item.parentItemId);
        queryClient.setQueryData(['workspace'], workspace);
      } catch {
        notify({ type: 'error', message: i18n.t('error.generic') });
        return;
      }
      await navigate(PAGE_PATHS.boxes);
      revealItem(item._id);
    },
    [navigate, queryClient],
  );
}
