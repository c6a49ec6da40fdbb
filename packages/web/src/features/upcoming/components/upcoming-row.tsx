import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Checkbox, Menu } from '@mantine/core';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { upcomingDays } from '@nestbox/shared/upcoming/upcoming';
import type { UpcomingItem } from '@nestbox/shared/upcoming/upcoming.schema';
import { IconCalendarEvent, IconCalendarShare, IconDots, IconGripVertical } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DragSource } from '../../../components/dnd/pointer-dnd';
import { CommentMark } from '../../../components/items/comment-mark';
import { NoteMark } from '../../../components/items/note-mark';
import { RecurrenceMark } from '../../../components/recurrence/recurrence-mark';
import { RichText } from '../../../components/rich-text/rich-text';
import { displayTitleIn } from '../../../lib/display-title';
import { moveTargetName, rowWhen } from '../format-upcoming';
import classes from './upcoming.module.css';

/** What a dragged row carries: where it comes from, and its title for the dragged copy. */
export type UpcomingDragSource = DragSource;

interface UpcomingRowProps {
  item: UpcomingItem;
  index: number;
  listId: string;
  /** The day Upcoming was grouped on (yyyy-MM-dd). */
  today: string;
  timeZone: string;
  locale: UserLocale;
  /** The row's selection attributes and handlers (useRowSelection). */
  selectable: Record<string, unknown>;
  t: TFunction;
  onComplete: (item: UpcomingItem) => void;
  onMove: (item: UpcomingItem, day: string) => void;
  onOpenSettings: (item: UpcomingItem, section?: 'targetDate' | 'share') => void;
}

/**
 * A text of Upcoming: done checkbox, title (which opens Item settings) with its note and
 * comment marks over the boxes above it, its time (and day, where its section does not say it) with its repeat mark, and a
 * Move to day menu. The mouse drags the row from anywhere, a finger after resting on it; the
 * keyboard moves it with the menu. Only those who may edit the text may move or tick it.
 */
export function UpcomingRow({
  item,
  index,
  listId,
  today,
  timeZone,
  locale,
  selectable,
  t,
  onComplete,
  onMove,
  onOpenSettings,
}: UpcomingRowProps) {
  const title = displayTitleIn(t, item);
  const editable = item.abilities.edit;
  const data: UpcomingDragSource = { listId, index, title };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: item._id, data, disabled: !editable });
  // The keyboard moves a text with its menu; the drag sensors take the mouse and touch only.
  const { onKeyDown: _keyboardDrag, ...pointerListeners } = listeners ?? {};
  const sectionNamesDay = item.group !== 'overdue' && item.group !== 'later';
  const { priorityTargetDate, targetHasTime } = item;
  const when =
    priorityTargetDate === null
      ? null
      : rowWhen({ priorityTargetDate, targetHasTime }, !sectionNamesDay, timeZone, locale);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row named for its text, not a form's fieldset.
    <div
      ref={setNodeRef}
      {...pointerListeners}
      {...selectable}
      role="group"
      aria-label={title}
      className={classes.row}
      data-upcoming-row={item._id}
      data-drag-source={isDragging || undefined}
    >
      <span className={classes.grip} data-disabled={!editable || undefined} aria-hidden>
        <IconGripVertical size={14} stroke={1.8} />
      </span>
      <Checkbox
        size="sm"
        checked={false}
        disabled={!editable}
        onChange={() => onComplete(item)}
        aria-label={t('upcoming.complete', { title })}
        onClick={(event) => event.stopPropagation()}
      />
      <div className={classes.text}>
        <div className={classes.titleLine}>
          <button
            type="button"
            className={classes.title}
            data-title
            onClick={(event) => {
              event.stopPropagation();
              onOpenSettings(item);
            }}
          >
            {item.title ? <RichText text={item.title} interactive={false} /> : title}
          </button>
          <NoteMark note={item.note} />
          <CommentMark itemId={item._id} count={item.commentCount} />
        </div>
        {item.path.length > 0 ? (
          <div className={classes.path} data-path>
            {item.path.join(' › ')}
          </div>
        ) : null}
      </div>
      <span className={classes.when} data-overdue={item.group === 'overdue' || undefined} data-when>
        {when}
        <RecurrenceMark rule={item.recurrence} locale={locale} />
      </span>
      <span className={classes.actions}>
        {/* In the page, not a portal: the menu stays inside the main landmark. */}
        <Menu position="bottom-end" shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={!editable}
              aria-label={t('upcoming.moveToOf', { title })}
              onClick={(event) => event.stopPropagation()}
            >
              <IconCalendarShare size={18} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('upcoming.moveTo')}</Menu.Label>
            {upcomingDays(today).map((day, at) => (
              <Menu.Item key={day} disabled={day === item.day} onClick={() => onMove(item, day)}>
                {moveTargetName(t, day, at, timeZone, locale)}
              </Menu.Item>
            ))}
            <Menu.Item
              leftSection={<IconCalendarEvent size={16} stroke={1.7} aria-hidden />}
              onClick={() => onOpenSettings(item, 'targetDate')}
            >
              {t('upcoming.pickDate')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('upcoming.openSettings', { title })}
          onClick={(event) => {
            event.stopPropagation();
            onOpenSettings(item);
          }}
        >
          <IconDots size={18} stroke={1.7} aria-hidden />
        </ActionIcon>
      </span>
    </div>
  );
}
