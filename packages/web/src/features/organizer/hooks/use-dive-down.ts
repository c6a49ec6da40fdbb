import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { openBoxInWorkspace } from '../api/open-in-workspace';

const SCROLL_WAIT_MS = 5_000;

/** Scrolls the item's row into view once the workspace has drawn it (or gives up quietly). */
function scrollToItemWhenShown(itemId: string) {
  const selector = `[data-item-id="${CSS.escape(itemId)}"]`;
  const reveal = () => {
    const row = document.querySelector(selector);
    row?.scrollIntoView({ block: 'center' });
    return row !== null;
  };
  if (reveal()) return;
  const observer = new MutationObserver(() => {
    if (reveal()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), SCROLL_WAIT_MS);
}

/**
 * Shift-click 'dives down' (SPEC §2): the item's box opens in a pane of the workspace, which
 * then shows, scrolled to the item.
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
      scrollToItemWhenShown(item._id);
    },
    [navigate, queryClient],
  );
}
