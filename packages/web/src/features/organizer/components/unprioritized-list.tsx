import { UnstyledButton } from '@mantine/core';
import {
  type OrderDirection,
  UNPRIORITIZED_DROPPABLE_ID,
  type UnprioritizedOrderColumn,
} from '@nestbox/shared/constants';
import { formatDayChip } from '@nestbox/shared/dates/show-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import { ITEM_ROW_HEIGHT, OrganizerItemRow } from './organizer-item-row';
import classes from './organizer-lists.module.css';
import { type ListSelection, VirtualDropList, type VirtualRowProps } from './virtual-droppable';

interface UnprioritizedListProps {
  items: readonly OrganizerItem[];
  /** The current minute: the Created column's days are relative to it. */
  now: number;
  timeZone: string;
  locale: string;
  onDiveDown: (item: OrganizerItem) => void;
  overlay?: ReactNode;
  selection: ListSelection;
}

type UnprioritizedRow = { id: string; item: OrganizerItem };
const itemRowHeight = () => ITEM_ROW_HEIGHT;
const titleOf = (row: UnprioritizedRow) => row.item.title;

/** The Unprioritized list: prioritizable items waiting for a priority, in the chosen order. */
export function UnprioritizedList({
  items,
  now,
  timeZone,
  locale,
  onDiveDown,
  overlay,
  selection,
}: UnprioritizedListProps) {
  const { t } = useTranslation();
  const rows: UnprioritizedRow[] = useMemo(() => items.map((item) => ({ id: item._id, item })), [items]);

  const renderRow = useCallback(
    ({ row: { item }, drag, style, measureRef, index, selectable }: VirtualRowProps<UnprioritizedRow>) => (
      <OrganizerItemRow
        item={item}
        drag={drag}
        style={style}
        measureRef={measureRef}
        index={index}
        columns={classes.unprioritizedColumns}
        onDiveDown={onDiveDown}
        t={t}
        selectable={selectable}
      >
        <span className={classes.parent}>{item.parentTitle ?? t('item.parent.sharedWithYou')}</span>
        <span className={classes.created}>
          {formatDayChip(item.createdDate, { now, timeZone, locale: userLocaleOf(locale) })}
        </span>
      </OrganizerItemRow>
    ),
    [onDiveDown, now, timeZone, locale, t],
  );

  return (
    <VirtualDropList
      listId={UNPRIORITIZED_DROPPABLE_ID}
      rows={rows}
      rowHeight={itemRowHeight}
      titleOf={titleOf}
      renderRow={renderRow}
      showGap={false}
      overlay={overlay}
      label={t('organiser.unprioritized')}
      selection={selection}
    />
  );
}

const COLUMNS: { column: UnprioritizedOrderColumn; label: TranslationKey }[] = [
  { column: 'itemTitle', label: 'organiser.column.item' },
  { column: 'parentTitle', label: 'organiser.column.parent' },
  { column: 'createdDate', label: 'organiser.column.created' },
];

/** Column headers that order the list: a click picks the column, a second click flips the direction. */
export function UnprioritizedHeader({
  column,
  dir,
  onOrder,
}: {
  column: UnprioritizedOrderColumn;
  dir: OrderDirection;
  onOrder: (order: { column: UnprioritizedOrderColumn; dir: OrderDirection }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${classes.columns} ${classes.unprioritizedColumns}`}>
      {COLUMNS.map(({ column: own, label }) => {
        const active = own === column;
        const Arrow = dir === 'asc' ? IconArrowUp : IconArrowDown;
        return (
          <UnstyledButton
            key={own}
            className={classes.sortButton}
            data-active={active || undefined}
            aria-label={t('organiser.orderBy', { column: t(label) })}
            aria-pressed={active}
            data-dir={active ? dir : undefined}
            onClick={() => {
              const fresh = own === 'createdDate' ? 'desc' : 'asc';
              onOrder({ column: own, dir: active ? (dir === 'asc' ? 'desc' : 'asc') : fresh });
            }}
          >
            {t(label)}
            {active ? <Arrow size={13} stroke={2.2} aria-hidden /> : null}
          </UnstyledButton>
        );
      })}
    </div>
  );
}
