import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { IconGripVertical } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { KeyboardEventHandler, MouseEvent, ReactNode } from 'react';
import { CommentMark } from '../../../components/items/comment-mark';
import { NoteMark } from '../../../components/items/note-mark';
import { RichText } from '../../../components/rich-text/rich-text';
import { displayTitleIn } from '../../../lib/display-title';
import { organizerKey } from '../api/get-organizer';
import classes from './organizer-lists.module.css';
import type { VirtualRowProps } from './virtual-droppable';

/** An Organizer item row's height when its title fits on one line (longer titles wrap). */
export const ITEM_ROW_HEIGHT = 44;

type OrganizerItemRowProps = Omit<VirtualRowProps<unknown>, 'row'> & {
  item: OrganizerItem;
  /** The list's column layout. */
  columns: string | undefined;
  onDiveDown: (item: OrganizerItem) => void;
  /** More data attributes for the row (its group, overdue). */
  data?: Record<`data-${string}`, string | boolean | undefined>;
  /** The list's translate function (one subscription per list, not per row). */
  t: TFunction;
  /** The cells after the title. */
  children: ReactNode;
};

/**
 * An item row of either Organizer list. The row itself is no control: the mouse or a finger
 * drags it from anywhere; its title is a button that opens the item in the workspace (dive
 * down, as shift-click on the row does), and the list's own cells and buttons come after it.
 * Plain elements: thousands of rows scroll by. The keyboard selects the row itself, the list's
 * one Tab stop (see useRowSelection), and the row's keys do what its controls do (Enter opens
 * it, P and Alt+↑ / Alt+↓ rank it); a control clicked keeps its own keys (the grip: Space
 * lifts, the arrows move, Space drops).
 */
export function OrganizerItemRow({
  item,
  drag,
  style,
  measureRef,
  index,
  columns,
  onDiveDown,
  data,
  t,
  selectable,
  children,
}: OrganizerItemRowProps) {
  const title = displayTitleIn(t, item);
  const queryClient = useQueryClient();
  // Comments written or deleted there change the count this list shows.
  const onSettingsClosed = () => void queryClient.invalidateQueries({ queryKey: organizerKey });
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    selectable?.onClick();
    if (!event.shiftKey) return;
    event.preventDefault();
    onDiveDown(item);
  };
  // The mouse and touch sensors on the row; the keyboard one on the grip.
  const { onKeyDown, ...pointerListeners } = drag?.listeners ?? {};
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: shift-click on the row is the mouse's shortcut for its title button, and Enter on the selected row the keyboard's.
    // biome-ignore lint/a11y/useSemanticElements: a row named for its item, not a form's fieldset.
    <div
      ref={(element) => {
        drag?.setNodeRef(element);
        measureRef?.(element);
      }}
      data-index={index}
      {...pointerListeners}
      {...selectable}
      // A named group (its title), so a screen reader says which row the keyboard is on.
      role="group"
      aria-label={title}
      onClick={handleClick}
      style={style}
      className={`${classes.row} ${columns}`}
      data-dragging={drag ? undefined : true}
      data-drag-source={drag?.isDragging || undefined}
      data-item-row={item._id}
      {...data}
    >
      <span className={classes.titleCell}>
        {drag ? (
          <button
            type="button"
            ref={drag.setActivatorNodeRef}
            {...drag.attributes}
            onKeyDown={onKeyDown as KeyboardEventHandler | undefined}
            className={classes.grip}
            aria-label={t('dnd.handle')}
          >
            <IconGripVertical size={14} stroke={1.8} aria-hidden />
          </button>
        ) : (
          <span className={classes.grip} aria-hidden>
            <IconGripVertical size={14} stroke={1.8} />
          </span>
        )}
        <button
          type="button"
          className={classes.title}
          data-title
          data-empty={!item.title || undefined}
          onClick={(event) => {
            event.stopPropagation();
            onDiveDown(item);
          }}
        >
          {/* Inside the button, links and tag chips show as marked text. */}
          {item.title ? <RichText text={item.title} interactive={false} /> : title}
        </button>
        <NoteMark note={item.note} />
        <CommentMark itemId={item._id} count={item.commentCount} onClose={onSettingsClosed} />
      </span>
      {children}
    </div>
  );
}
