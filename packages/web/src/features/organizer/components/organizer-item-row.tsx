import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './organizer-lists.module.css';
import type { VirtualRowProps } from './virtual-droppable';

/** Every Organizer item row is this tall (the virtual lists place rows by it). */
export const ITEM_ROW_HEIGHT = 44;

/** Shift-click or Shift+Enter on a row dives down to its box. */
function diveDownHandlers(item: OrganizerItem, onDiveDown: (item: OrganizerItem) => void) {
  return {
    onClick: (event: MouseEvent) => {
      if (!event.shiftKey) return;
      event.preventDefault();
      onDiveDown(item);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !event.shiftKey) return;
      event.preventDefault();
      onDiveDown(item);
    },
  };
}

type OrganizerItemRowProps = Omit<VirtualRowProps<unknown>, 'row'> & {
  item: OrganizerItem;
  /** The list's column layout. */
  columns: string | undefined;
  onDiveDown: (item: OrganizerItem) => void;
  /** More data attributes for the row (its group, overdue). */
  data?: Record<`data-${string}`, string | boolean | undefined>;
  /** The cells after the title. */
  children: ReactNode;
};

/**
 * An item row of either Organizer list: the whole row is the drag handle (keyboard dragging
 * needs one focusable element holding the cells), shift-click dives down, the title comes
 * first and the list's own cells after it. Plain elements: thousands of rows scroll by.
 */
export function OrganizerItemRow({
  item,
  provided,
  snapshot,
  style,
  columns,
  onDiveDown,
  data,
  children,
}: OrganizerItemRowProps) {
  const { t } = useTranslation();
  const title = item.title || t('organiser.noTitle');
  const rowStyle: CSSProperties = { ...style, ...provided.draggableProps.style };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row is hello-pangea/dnd's drag handle (its keyboard dragging needs a focusable element holding the cells, pin and date buttons), not a plain button.
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      {...provided.dragHandleProps}
      role="button"
      tabIndex={0}
      {...diveDownHandlers(item, onDiveDown)}
      style={rowStyle}
      className={`${classes.row} ${columns}`}
      data-dragging={snapshot.isDragging || undefined}
      data-item-row={item._id}
      {...data}
      aria-label={title}
    >
      <span className={classes.title} data-empty={!item.title || undefined}>
        {title}
      </span>
      {children}
    </div>
  );
}
