import { Draggable, Droppable } from '@hello-pangea/dnd';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './draggable-item.module.css';

interface DraggableItemProps {
  paneId: string;
  item: Item;
  /** Its place among the pane's items (the drag-and-drop library counts from 0, without gaps). */
  index: number;
  /** Read-only items and a text being edited stay put. */
  disabled: boolean;
  children: ReactNode;
}

/**
 * One item of a box pane, draggable by its grip (shown on hover or focus, always on touch
 * screens, as in Todoist): the grip is also the keyboard handle (Space, arrows, Space).
 */
export function DraggableItem({ paneId, item, index, disabled, children }: DraggableItemProps) {
  const { t } = useTranslation();
  return (
    <Draggable draggableId={`${paneId}:${item._id}`} index={index} isDragDisabled={disabled}>
      {(provided, snapshot) => (
        <li
          ref={provided.innerRef}
          {...provided.draggableProps}
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
              aria-label={t('dnd.handle', { title: item.title || t('pane.noTitle') })}
            >
              <IconGripVertical size={14} stroke={1.8} aria-hidden />
            </div>
          )}
          {children}
        </li>
      )}
    </Draggable>
  );
}

interface PaneDroppableProps {
  paneId: string;
  /** A read-only box takes no drops. */
  disabled: boolean;
  children: ReactNode;
}

/** The drop area of a box pane: its list (or empty state), with room to drop below it. */
export function PaneDroppable({ paneId, disabled, children }: PaneDroppableProps) {
  return (
    <Droppable droppableId={paneId} isDropDisabled={disabled}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.droppableProps}
          className={classes.dropArea}
          data-dragging-over={snapshot.isDraggingOver || undefined}
        >
          {children}
          {provided.placeholder}
        </div>
      )}
    </Droppable>
  );
}
