import type { Active } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDragAnnouncements } from '../../../components/dnd/drag-announcements';
import { indexAfterDrop } from '../../../components/dnd/drop-gaps';
import { type DropEvent, PointerDnd } from '../../../components/dnd/pointer-dnd';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { DragInProgressContext } from '../hooks/use-drag-in-progress';
import { useMoveDrop } from '../hooks/use-move-drop';
import { DraggedRow, type PaneDragSource } from './draggable-item';

/** A performance mark set on each drop (bench/workspace-ui.bench.ts splits its timing there). */
export const DROP_MARK = 'nestbox:drop';

/**
 * The one drag-and-drop context of the workspace. Each box pane's list is a drop list whose id
 * is the pane id (two panes may show the same box); the pane and the gap are those under the
 * pointer (see PointerDnd). The dropped row's new place goes into the panes' caches in the
 * same tick as the drop, then to the server; a refusal puts the lists back and says why
 * (useMoveDrop).
 *
 * The drag state lives here and reaches the rows only through {@link DragInProgressContext}:
 * `children` is created by the parent, so starting a drag does not re-render every pane.
 */
export function WorkspaceDnd({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const moveDrop = useMoveDrop();
  const [dragging, setDragging] = useState(false);

  const boxOfPane = useCallback(
    (paneId: string) => queryClient.getQueryData(getWorkspaceQueryOptions().queryKey)?.panes[paneId]?.itemId,
    [queryClient],
  );

  const handleDrop = useCallback(
    ({ source, target }: DropEvent) => {
      const sourceBoxId = boxOfPane(source.listId);
      const destBoxId = boxOfPane(target.listId);
      if (!sourceBoxId || !destBoxId) return;
      const destIndex = indexAfterDrop(target.gap, sourceBoxId === destBoxId ? source.index : null);
      moveDrop({ sourceBoxId, sourceIndex: source.index, destBoxId, destIndex });
    },
    [boxOfPane, moveDrop],
  );

  const announce = useDragAnnouncements();

  return (
    <DragInProgressContext value={dragging}>
      <PointerDnd
        onDragStart={() => setDragging(true)}
        onDragEnd={() => {
          // For the workspace UI benchmark: when the drop is handed over to the app.
          performance.mark(DROP_MARK);
          setDragging(false);
        }}
        onDrop={handleDrop}
        renderOverlay={renderOverlay}
        announce={announce}
        instructions={t('dnd.instructions')}
      >
        {children}
      </PointerDnd>
    </DragInProgressContext>
  );
}

/** The dragged copy of a pane's row: the row as it is drawn in its pane, lifted. */
function renderOverlay(active: Active) {
  const source = active.data.current as PaneDragSource | undefined;
  return source ? <DraggedRow>{source.render()}</DraggedRow> : null;
}
