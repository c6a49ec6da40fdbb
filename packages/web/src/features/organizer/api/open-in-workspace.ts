import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { WorkspaceResponseSchema } from '@nestbox/shared/workspace/workspace.schema';
import { apiRequest } from '../../../lib/api-client';

/**
 * Opens a box in the workspace for a 'dive down' from the Organizer: the panes as they are
 * when one already shows it, else `POST /api/items/create-pane` adds it as the last pane.
 */
export async function openBoxInWorkspace(boxId: string): Promise<Workspace> {
  const workspace = await apiRequest<Workspace>('/api/items/get-workspace-items', {
    method: 'GET',
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
  const shown = workspace.panesIndex.some((paneId) => workspace.panes[paneId]?.itemId === boxId);
  if (shown) return workspace;
  return apiRequest<Workspace>('/api/items/create-pane', {
    method: 'POST',
    body: { pos: workspace.panesIndex.length, itemId: boxId, type: 'box' },
    schema: import.meta.env.DEV ? WorkspaceResponseSchema : undefined,
  });
}
