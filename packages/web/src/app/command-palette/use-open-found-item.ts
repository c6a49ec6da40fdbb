import type { FoundItem } from '@nestbox/shared/items/find.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useReplaceInWorkspace } from '../../features/workspace/api/replace-in-workspace';
import { openItemSettings } from '../../hooks/use-item-settings';
import { useNotifyFailure } from '../../hooks/use-notify-failure';
import { EMPTY_LIST_STOP, focusRowIn, SELECTABLE_ROW } from '../../hooks/use-row-selection';
import { useUser } from '../../lib/api/get-user';
import { useCreatePane } from '../../lib/api/panes/create-pane';
import { getWorkspaceQueryOptions } from '../../lib/api/panes/get-workspace';
import { revealItem } from '../../lib/reveal-item';
import { type HerePane, placeBox } from './palette-rules';

/** How long to wait for a pane to be drawn (the workspace page loading). */
const WAIT_MS = 5_000;

/** Scrolls a pane into view once the workspace draws it (at once when it is there). */
function revealPane(paneId: string): void {
  const selector = `[data-slot-id="${CSS.escape(paneId)}"]`;
  let scrolled = false;
  const reveal = () => {
    const slot = document.querySelector(selector);
    if (!slot) return false;
    if (!scrolled) slot.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    scrolled = true;
    // Once its rows (or its empty state) are drawn, the pane's Tab stop takes the focus the
    // palette left on nothing.
    if (!slot.querySelector(`[${SELECTABLE_ROW}], [${EMPTY_LIST_STOP}]`)) return false;
    const active = document.activeElement;
    if (!active || active === document.body) focusRowIn(slot);
    return true;
  };
  if (reveal()) return;
  const observer = new MutationObserver(() => {
    if (reveal()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), WAIT_MS);
}

/** The pane showing `boxId` (the first, when it shows twice), at or after `from`. */
function paneShowing(workspace: Workspace, boxId: string, from = 0): string | undefined {
  return workspace.panesIndex
    .slice(from)
    .find((paneId) => workspace.panes[paneId]?.type === 'box' && workspace.panes[paneId]?.itemId === boxId);
}

/**
 * Opens what the palette found, on the workspace page (from the Organizer too): a box in a
 * pane (see placeBox), a text in its box's pane, scrolled to and marked for a moment as
 * search results and dive-downs are (revealItem). A text whose box the person does not see
 * opens in Item settings, the one place it shows on its own.
 */
export function useOpenFoundItem(here: HerePane | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const samePane = useUser().workspace.settings.openBoxesIn === 'samePane';
  const { mutateAsync: createPane } = useCreatePane();
  const { mutateAsync: replaceInWorkspace } = useReplaceInWorkspace();
  const notifyFailure = useNotifyFailure();
  const onWorkspace = pathname.startsWith(PAGE_PATHS.boxes);

  return useCallback(
    async (item: FoundItem, { newPane }: { newPane: boolean }) => {
      const boxId = item.itemType === 'todoBox' ? item._id : item.parentItemId;
      if (!boxId) {
        openItemSettings(item._id);
        return;
      }
      let paneId: string | undefined;
      try {
        const workspace = await queryClient.fetchQuery(getWorkspaceQueryOptions());
        const placement = placeBox(workspace, boxId, { here, newPane, samePane });
        if (placement.kind === 'shown') {
          paneId = placement.paneId;
        } else if (placement.kind === 'new') {
          paneId = paneShowing(await createPane({ pos: placement.pos, itemId: boxId }), boxId, placement.pos);
        } else {
          paneId = paneShowing(
            await replaceInWorkspace({ pos: placement.pos, itemId: boxId }),
            boxId,
            placement.pos,
          );
        }
      } catch (error) {
        notifyFailure(error, 'boxes.addFailed');
        return;
      }
      if (!onWorkspace) await navigate(PAGE_PATHS.boxes);
      // A text becomes the selection in the pane that shows it (its row takes the focus).
      if (item.itemType === 'todoText') revealItem(item._id);
      else if (paneId) revealPane(paneId);
    },
    [queryClient, here, samePane, createPane, replaceInWorkspace, notifyFailure, onWorkspace, navigate],
  );
}
