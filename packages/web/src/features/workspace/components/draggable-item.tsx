import { useDraggable } from '@dnd-kit/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode, TouchEventHandler } from 'react';
import type { DragSource } from '../../../components/dnd/pointer-dnd';
import classes from './draggable-item.module.css';

interface DraggableItemProps {
  paneId: string;
  item: Item;
  /** Its place among the pane's items (counted from 0, without gaps). */
  index: number;
  /** Read-only items and a text being edited stay put. */
  disabled: boolean;
  /** Draws the row again for the copy that follows the pointer. */
  render: () => ReactNode;
  /**
   * The grip's name, from the list: a translation hook per row (a subscription each) is a
   * large share of the cost of rows scrolling into view.
   */
  handleLabel: string;
  children: ReactNode;
}

/** What a pane's row hands the drag and drop: enough to draw the dragged copy. */
export interface PaneDragSource extends DragSource {
  item: Item;
  render: () => ReactNode;
}

/**
 * One item of a box pane that can be dragged within its pane or into another, by its grip in
 * the pane's left padding (shown on hover or focus, always on touch screens, as in Todoist),
 * or on a touch screen by a long press anywhere on the row.
 * The grip is also the keyboard handle: Space picks the row up, the arrows move it, Space
 * drops it. While it is dragged the row stays in place, dimmed, and a copy follows the pointer.
 */
export function DraggableItem({
  paneId,
  item,
  index,
  disabled,
  render,
  handleLabel,
  children,
}: DraggableItemProps) {
  const data: PaneDragSource = { listId: paneId, index, title: item.title, item, render };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `${paneId}:${item._id}`,
    data,
    disabled,
  });
  return (
    // A finger may also lift the row from anywhere on it (a long press); the mouse and the
    // keyboard use the grip, so a click or a text selection on the row stays what it is.
    <div
      ref={setNodeRef}
      className={classes.item}
      data-draggable-id={`${paneId}:${item._id}`}
      data-drag-source={isDragging || undefined}
      onTouchStart={listeners?.onTouchStart as TouchEventHandler | undefined}
    >
      {!disabled && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          className={classes.grip}
          // The name leaves the title out: the row beside it says it, and a button named after
          // the item would be mistaken for the item's own (e.g. a box's 'open' button).
          aria-label={handleLabel}
        >
          <IconGripVertical size={14} stroke={1.8} aria-hidden />
        </button>
      )}
      {children}
    </div>
  );
}

/** The copy of a row that follows the pointer while it is dragged. */
export function DraggedRow({ children }: { children: ReactNode }) {
  return (
    <div className={classes.item} data-dragging>
      <span className={classes.grip} aria-hidden>
        <IconGripVertical size={14} stroke={1.8} />
      </span>
      {children}
    </div>
  );
}
