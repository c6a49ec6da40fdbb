import {
  Draggable,
  type DraggableProvided,
  type DraggableStateSnapshot,
  type DraggingStyle,
  type NotDraggingStyle,
} from '@hello-pangea/dnd';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './draggable-item.module.css';

/**
 * The library glides a dropped row into its slot for a third of a second before it reports
 * the drop; the row settles at once instead (as in Todoist), so the lists change on release.
 */
function withQuickDrop(
  style: DraggingStyle | NotDraggingStyle | undefined,
  snapshot: DraggableStateSnapshot,
): CSSProperties | undefined {
  if (!snapshot.isDropAnimating || !style) return style;
  return { ...style, transitionDuration: '0.001s' };
}

interface DraggableShellProps {
  provided: DraggableProvided;
  snapshot: DraggableStateSnapshot;
  /** No grip: the item stays put (read-only, or being edited). */
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A row as the drag-and-drop library moves it, with its grip in the pane's left padding
 * (shown on hover or focus, always on touch screens, as in Todoist). The grip is also the
 * keyboard handle: Space picks the row up, the arrows move it, Space drops it.
 */
export function DraggableShell({ provided, snapshot, disabled = false, children }: DraggableShellProps) {
  const { t } = useTranslation();
  return (
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      style={withQuickDrop(provided.draggableProps.style, snapshot)}
      className={classes.item}
      data-dragging={snapshot.isDragging || undefined}
    >
      {!disabled && (
        // biome-ignore lint/a11y/useSemanticElements: the library makes the handle a role="button" element; a <button> would count as an interactive element inside the drag handle.
        <div
          {...provided.dragHandleProps}
          role="button"
          tabIndex={0}
          className={classes.grip}
          // The name leaves the title out: the row beside it says it, and a button named after
          // the item would be mistaken for the item's own (e.g. a box's 'open' button).
          aria-label={t('dnd.handle')}
        >
          <IconGripVertical size={14} stroke={1.8} aria-hidden />
        </div>
      )}
      {children}
    </div>
  );
}

interface DraggableItemProps {
  paneId: string;
  item: Item;
  /** Its place among the pane's items (the drag-and-drop library counts from 0, without gaps). */
  index: number;
  /** Read-only items and a text being edited stay put. */
  disabled: boolean;
  children: ReactNode;
}

/** One item of a box pane that can be dragged within its pane or into another. */
export function DraggableItem({ paneId, item, index, disabled, children }: DraggableItemProps) {
  return (
    <Draggable draggableId={`${paneId}:${item._id}`} index={index} isDragDisabled={disabled}>
      {(provided, snapshot) => (
        <DraggableShell provided={provided} snapshot={snapshot} disabled={disabled}>
          {children}
        </DraggableShell>
      )}
    </Draggable>
  );
}
