import { WORKSPACE_PADDING } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import type { QueryClient } from '@tanstack/react-query';
import { oidcConfigQueryOptions } from '../features/auth/api/single-sign-on';
import { getOrganizerQueryOptions } from '../features/organizer/api/get-organizer';
import { getUserQueryOptions } from '../lib/api/get-user';
import { getItemsForPaneQueryOptions } from '../lib/api/items/get-items-for-pane';
import { getWorkspaceQueryOptions } from '../lib/api/panes/get-workspace';
import { getToken } from '../lib/session';

/** The boxes of the panes in sight from the left of the strip, in a window this wide. */
export function boxesInSight(workspace: Workspace, windowWidth: number): string[] {
  const boxes: string[] = [];
  let left = WORKSPACE_PADDING / 2;
  for (const paneId of workspace.panesIndex) {
    const pane = workspace.panes[paneId];
    if (!pane || left >= windowWidth) break;
    if (pane.type === 'box' && pane.itemId) boxes.push(pane.itemId);
    left += pane.width;
  }
  return boxes;
}

/**
 * Starts the first screen's requests as soon as the app's code runs, beside the download of
 * the page's own code and its first render, instead of one after another as each component
 * mounts: the user on every `/app` page; on the Organizer, its first page; on the workspace,
 * the layout and then the box panes in sight. The components then find their data in the cache (or on its way).
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string, windowWidth: number): void {
  // The login page asks whether it offers single sign-on before it shows its form.
  if (!getToken() && (pathname === PAGE_PATHS.root || pathname === PAGE_PATHS.login))
    void queryClient.prefetchQuery(oidcConfigQueryOptions());
  if (!getToken() || !pathname.startsWith(PAGE_PATHS.app)) return;
  void queryClient.prefetchQuery(getUserQueryOptions());
  if (pathname === PAGE_PATHS.organiser) void queryClient.prefetchInfiniteQuery(getOrganizerQueryOptions());
  if (pathname !== PAGE_PATHS.app && pathname !== PAGE_PATHS.boxes) return;
  queryClient.fetchQuery(getWorkspaceQueryOptions()).then(
    (workspace) => {
      for (const boxId of boxesInSight(workspace, windowWidth))
        void queryClient.prefetchQuery(getItemsForPaneQueryOptions(boxId));
    },
    // The workspace shows its own error when it asks again.
    () => {},
  );
}
