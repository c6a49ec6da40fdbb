import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { type ItemsForPane, itemsForPaneKey } from '../api/get-items-for-pane';
import { getWorkspaceQueryOptions } from '../api/get-workspace';
import { applyMoveToCache, type Drop, planMove, useMoveItem } from '../api/move-item';
import { DragInProgressContext } from '../hooks/use-drag-in-progress';

/** A performance mark set on each drop (bench/workspace-ui.bench.ts splits its timing there). */
export const DROP_MARK = 'nestbox:drop';

/**
 * The one drag-and-drop context of the workspace. Each box pane's list is a droppable whose id
 * is the pane id (two panes may show the same box); the dropped row's new place goes into the
 * panes' caches in the same tick as the drop, then to the server; a refusal puts the lists back
 * and says why (the server's message for a refused move, else the generic one).
 *
 * The drag state lives here and reaches the rows only through {@link DragInProgressContext}:
 * `children` is created by the parent, so starting a drag does not re-render every pane.
 */
export function WorkspaceDnd({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const moveItem = useMoveItem();
  const [dragging, setDragging] = useState(false);
  const { mutate } = moveItem;

  const boxOfPane = useCallback(
    (paneId: string) => queryClient.getQueryData(getWorkspaceQueryOptions().queryKey)?.panes[paneId]?.itemId,
    [queryClient],
  );

  const handleDragEnd = useCallback(
    ({ source, destination, reason }: DropResult) => {
      // For the workspace UI benchmark: when the library hands the drop over to the app.
      performance.mark(DROP_MARK);
      setDragging(false);
      if (reason !== 'DROP' || !destination) return;
      const sourceBoxId = boxOfPane(source.droppableId);
      const destBoxId = boxOfPane(destination.droppableId);
      if (!sourceBoxId || !destBoxId) return;
      const drop: Drop = { sourceBoxId, sourceIndex: source.index, destBoxId, destIndex: destination.index };
      const itemsOf = (boxId: string) =>
        queryClient.getQueryData<ItemsForPane>(itemsForPaneKey(boxId))?.items ?? [];
      const plan = planMove(drop, itemsOf(sourceBoxId), itemsOf(destBoxId));
      if (!plan) return;
      const snapshot = applyMoveToCache(queryClient, drop, plan);
      mutate(
        { drop, plan, snapshot },
        {
          onError: (error) => {
            if (isApiError(error) && error.canceled) return;
            // A refused move (400, 403, 404) carries the server's translated reason.
            const refused = isApiError(error) && error.status >= 400 && error.status < 500;
            notify({ type: 'error', message: refused ? error.message : t('error.generic') });
          },
        },
      );
    },
    [boxOfPane, mutate, queryClient, t],
  );

  return (
    <DragInProgressContext value={dragging}>
      <DragDropContext
        onDragStart={() => setDragging(true)}
        onDragEnd={handleDragEnd}
        dragHandleUsageInstructions={t('dnd.instructions')}
      >
        {children}
      </DragDropContext>
    </DragInProgressContext>
  );
}
