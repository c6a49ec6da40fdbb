import { Button, Group, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDateChip, type TargetDateChange, targetDateMovedTo } from '@nestbox/shared/dates/show-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { dayKey } from '@nestbox/shared/organizer/grouping';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { displayTitleIn } from '../../../lib/display-title';
import classes from './organizer-lists.module.css';

interface TargetDateCellProps {
  item: OrganizerItem;
  overdue: boolean;
  /** The current minute: the date shows relative to it ("Tomorrow 10:00"). */
  now: number;
  timeZone: string;
  locale: string;
  /** A new target date (the chosen day in the user's zone, at the time it had), or null to clear it. */
  onChange: (date: TargetDateChange) => void;
  /**
   * The list's translate function: a useTranslation per row (a subscription each) was the
   * largest cost of rows scrolling into view in a list of thousands.
   */
  t: TFunction;
}

/**
 * The Target Date cell: shows the date as rows do (overdue ones marked); a click opens a
 * clearable date picker, and a day picked keeps the time the date had.
 */
export function TargetDateCell({ item, overdue, now, timeZone, locale, onChange, t }: TargetDateCellProps) {
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const wasOpened = useRef(false);
  // Closing swaps the picker's target for the plain button: give it the focus back.
  useEffect(() => {
    if (wasOpened.current && !opened) buttonRef.current?.focus();
    wasOpened.current = opened;
  }, [opened]);
  const target = item.priorityTargetDate;
  const title = displayTitleIn(t, item);

  const handlePick = (value: string | null) => {
    setOpened(false);
    const next = value === null ? null : targetDateMovedTo(item, value, timeZone);
    if ((next?.priorityTargetDate ?? null) !== target) onChange(next);
  };

  // The picker (and its positioning) exists only while open: thousands of rows stay light.
  const button = (
    <button
      type="button"
      ref={buttonRef}
      className={classes.dateButton}
      data-overdue={overdue || undefined}
      data-empty={target === null || undefined}
      onClick={() => setOpened((open) => !open)}
    >
      {target === null ? (
        <IconCalendarPlus size={16} stroke={1.6} aria-hidden />
      ) : (
        formatDateChip(target, { now, timeZone, locale: userLocaleOf(locale) }, item.targetHasTime)
      )}
      {/* The name starts with what the button shows (the date), then says whose date it is. */}
      <span className={classes.visuallyHidden}>
        {overdue ? ` (${t('item.date.overdue')})` : ''}
        {target === null ? '' : ', '}
        {t('organiser.targetDateOf', { title })}
        {target === null ? ` (${t('organiser.setTargetDate')})` : ''}
      </span>
    </button>
  );
  if (!opened) return button;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom"
      shadow="md"
      withArrow
      trapFocus
      zIndex={90}
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <DatePicker
            value={target === null ? null : dayKey(target, timeZone)}
            onChange={handlePick}
            allowDeselect
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              disabled={target === null}
              onClick={() => handlePick(null)}
            >
              {t('organiser.clearTargetDate')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
