import { Badge, Group, Loader } from '@mantine/core';
import { formatLongDate, type TargetDateChange } from '@nestbox/shared/dates/show-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { startOfDayIn } from '@nestbox/shared/organizer/grouping';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { IconPin, IconPinnedFilled } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RecurrenceMark } from '../../../components/recurrence/recurrence-mark';
import type { PrioritizedRow } from '../organizer-rows';
import { ITEM_ROW_HEIGHT, OrganizerItemRow } from './organizer-item-row';
import classes from './organizer-lists.module.css';
import { TargetDateCell } from './target-date-cell';
import { type ListSelection, VirtualDropList, type VirtualRowProps } from './virtual-droppable';

export const PRIORITIZED_DROPPABLE_ID = 'prioritizedItems';
const GROUP_ROW_HEIGHT = 36;
const prioritizedRowHeight = (row: PrioritizedRow) =>
  row.kind === 'group' ? GROUP_ROW_HEIGHT : ITEM_ROW_HEIGHT;
const isGroupRow = (row: PrioritizedRow) => row.kind === 'group';
const titleOf = (row: PrioritizedRow) => (row.kind === 'item' ? row.item.title : '');

interface PrioritizedListProps {
  rows: readonly PrioritizedRow[];
  /** The current minute: the dates are relative to it. */
  now: number;
  timeZone: string;
  locale: string;
  onTogglePin: (item: OrganizerItem) => void;
  onTargetDate: (item: OrganizerItem, date: TargetDateChange) => void;
  onDiveDown: (item: OrganizerItem) => void;
  selection: ListSelection;
}

/** The Prioritized list: Today, each dated day, Undated; items by priority within each. */
export function PrioritizedList({
  rows,
  now,
  timeZone,
  locale,
  onTogglePin,
  onTargetDate,
  onDiveDown,
  selection,
}: PrioritizedListProps) {
  const { t } = useTranslation();

  const groupLabel = useCallback(
    (group: PrioritizedRow['group']) =>
      group === 'today'
        ? t('organiser.group.today')
        : group === 'undated'
          ? t('organiser.group.undated')
          : formatLongDate(
              startOfDayIn(group.slice('day:'.length), timeZone),
              timeZone,
              userLocaleOf(locale),
            ),
    [t, timeZone, locale],
  );

  const renderRow = useCallback(
    ({ row, drag, style, measureRef, index, selectable }: VirtualRowProps<PrioritizedRow>) => {
      if (row.kind === 'group') {
        return (
          <div
            ref={measureRef}
            data-index={index}
            style={style}
            className={classes.groupRow}
            data-group={row.group}
          >
            <h3 className={classes.groupLabel}>{groupLabel(row.group)}</h3>
            {row.empty ? <span className={classes.groupHint}>{t('organiser.group.empty')}</span> : null}
          </div>
        );
      }
      const { item, overdue } = row;
      const pinLabel = item.markedAsForToday ? t('organiser.unpin') : t('organiser.pin');
      return (
        <OrganizerItemRow
          item={item}
          drag={drag}
          style={style}
          measureRef={measureRef}
          index={index}
          columns={classes.prioritizedColumns}
          onDiveDown={onDiveDown}
          t={t}
          selectable={selectable}
          data={{ 'data-group': row.group, 'data-overdue': overdue || undefined }}
        >
          <span className={classes.dateCell}>
            <TargetDateCell
              item={item}
              overdue={overdue}
              now={now}
              timeZone={timeZone}
              locale={locale}
              onChange={(date) => onTargetDate(item, date)}
              t={t}
            />
            <RecurrenceMark rule={item.recurrence} locale={locale} />
          </span>
          <span className={classes.parent}>{item.parentTitle ?? t('item.parent.sharedWithYou')}</span>
          <button
            type="button"
            className={classes.pinButton}
            aria-label={pinLabel}
            aria-pressed={item.markedAsForToday}
            onClick={() => onTogglePin(item)}
          >
            {item.markedAsForToday ? <IconPinnedFilled size={16} /> : <IconPin size={16} />}
          </button>
        </OrganizerItemRow>
      );
    },
    [groupLabel, onDiveDown, onTargetDate, onTogglePin, now, timeZone, locale, t],
  );

  return (
    <VirtualDropList
      listId={PRIORITIZED_DROPPABLE_ID}
      rows={rows}
      rowHeight={prioritizedRowHeight}
      isHeading={isGroupRow}
      titleOf={titleOf}
      renderRow={renderRow}
      showGap
      label={t('organiser.prioritized')}
      selection={selection}
    />
  );
}

/** The Prioritized list's column headers, and the SPEC's 'Re-indexing items...' while it runs. */
export function PrioritizedHeader({ reindexing }: { reindexing: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {reindexing ? (
        <Group gap="xs" className={classes.reindexing} role="status">
          <Loader size="xs" />
          <Badge variant="light" color="nest">
            {t('organiser.reindexing')}
          </Badge>
        </Group>
      ) : null}
      <div className={`${classes.columns} ${classes.prioritizedColumns}`} aria-hidden="true">
        <span>{t('organiser.column.item')}</span>
        <span>{t('organiser.column.targetDate')}</span>
        <span>{t('organiser.column.parent')}</span>
        <span />
      </div>
    </>
  );
}
