import { Group, Stack, Switch, Title } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import {
  formatLongDate,
  readTimeOfDay,
  targetDateAtTimeOfDay,
  targetDateMovedTo,
  timeOfTargetDate,
} from '@nestbox/shared/dates/show-date';
import { dayOfTargetDate, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDates } from '../../../components/dates/calendar-dates';
import { BoxFinder } from '../../../components/items/box-finder';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { displayTitleIn } from '../../../lib/display-title';
import { useMoveToNewParent } from '../api/move-to-new-parent';

/** SPEC §8: 'Text details could not be saved.' or 'Box details could not be saved.'. */
export function detailsFailedKey(item: Item) {
  return item.itemType === 'todoText' ? 'boxes.textSaveFailed' : 'boxes.detailsSaveFailed';
}

export interface SectionProps {
  title: string;
  children: ReactNode;
  sectionRef?: Ref<HTMLDivElement>;
  hidden?: boolean;
  name?: string;
  /** The content brings its own heading (with its actions beside it); the section is still named. */
  ownHeading?: boolean;
}

export function Section({ title, children, sectionRef, hidden, name, ownHeading = false }: SectionProps) {
  if (hidden) return <div ref={sectionRef} hidden />;
  return (
    <Stack gap="sm" component="section" ref={sectionRef} aria-label={title} data-section={name}>
      {ownHeading ? null : (
        <Title order={3} fz="md">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

/** A section of Item settings about one item: readonly shows it without the means to change it. */
export interface ItemSectionProps {
  item: Item;
  readonly: boolean;
  sectionRef: Ref<HTMLDivElement>;
}

/**
 * The target date and its time of day, in the person's zone. The date shows as the shared rule
 * writes a date standing alone; a day picked again keeps the time; an empty time means the
 * whole day.
 */
export function TargetDateSection({ item, readonly, sectionRef }: ItemSectionProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const timeZone = user.timezone;
  const target = item.priorityTargetDate;
  const value = target === null ? null : dayOfTargetDate(target, timeZone);
  const time = target === null ? null : timeOfTargetDate(target, timeZone, item.targetHasTime);
  const language = userLocaleOf(i18n.language);
  const longDate = (day: string) => formatLongDate(targetDateFromDay(day, timeZone), timeZone, language);
  const [timeDraft, setTimeDraft] = useState(time ?? '');
  useEffect(() => setTimeDraft(time ?? ''), [time]);
  // One id for the field and its calendar, so the calendar is named by the field it opened from.
  const fieldId = useId();

  // Whether the date carries a time goes with it, so that 00:00 stays a time.
  const save = (priorityTargetDate: number | null, targetHasTime: boolean) =>
    updateItem.mutate(
      { itemId: item._id, priorityTargetDate, targetHasTime },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );
  const handleDay = (day: string | null) => {
    if (day === null) return save(null, false);
    const moved = targetDateMovedTo(item, day, timeZone);
    save(moved.priorityTargetDate, moved.targetHasTime);
  };
  // The picker gives HH:mm:ss; a target's time is to the minute.
  const commitTime = (draft: string = timeDraft) => {
    if (target === null) return;
    const next = draft === '' ? null : draft.slice(0, 5);
    if (next === time) return;
    if (next !== null && readTimeOfDay(next) === null) return setTimeDraft(time ?? '');
    save(targetDateAtTimeOfDay(target, next, timeZone), next !== null);
  };

  return (
    <Section title={t('itemSettings.targetDate')} sectionRef={sectionRef} name="targetDate">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <CalendarDates>
          <DatePickerInput
            // The name holds what the field shows (the date, or that there is none).
            aria-label={`${t('itemSettings.targetDate')}: ${
              value === null ? t('itemSettings.targetDate.placeholder') : longDate(value)
            }`}
            placeholder={t('itemSettings.targetDate.placeholder')}
            leftSection={<IconCalendarEvent size={18} stroke={1.7} />}
            valueFormatter={({ date }) => (typeof date === 'string' ? longDate(date) : '')}
            value={value}
            onChange={handleDay}
            clearable
            clearButtonProps={{ 'aria-label': t('itemSettings.targetDate.clear') }}
            id={fieldId}
            // A day picked closes the calendar: the focus goes back to the field, inside the modal.
            popoverProps={{ id: fieldId, returnFocus: true }}
            disabled={readonly}
            miw={0}
            w={300}
            maw="100%"
          />
        </CalendarDates>
        <TimePicker
          format="24h"
          hoursInputLabel={t('itemSettings.targetTime.hours')}
          minutesInputLabel={t('itemSettings.targetTime.minutes')}
          title={t('itemSettings.targetTime.description')}
          leftSection={<IconClock size={18} stroke={1.7} />}
          value={timeDraft}
          onChange={(next) => {
            setTimeDraft(next);
            // The clear button: the whole day at once.
            if (next === '') commitTime('');
          }}
          onBlur={() => commitTime()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitTime();
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('itemSettings.targetTime.clear') }}
          disabled={readonly || target === null}
          w={150}
          data-target-time
        />
      </Group>
    </Section>
  );
}

/** The caller's own choice (any level may make it): is the item in their Organizer? */
export function PrioritizableSwitch({ item }: { item: Item }) {
  const { t } = useTranslation();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  return (
    <Switch
      label={t('itemSettings.prioritizable')}
      description={t('itemSettings.prioritizable.description')}
      checked={item.prioritizable}
      onChange={(event) =>
        updateItem.mutate(
          { itemId: item._id, prioritizable: event.currentTarget.checked },
          { onError: (error) => notifyFailure(error, 'boxes.textSaveFailed') },
        )
      }
    />
  );
}

export function MoveSection({ item, onMoved }: { item: Item; onMoved: () => void }) {
  const { t } = useTranslation();
  const move = useMoveToNewParent();
  const notifyFailure = useNotifyFailure();
  return (
    <Section title={t('itemSettings.move')} name="move">
      <BoxFinder
        action="move"
        excludedIds={[item._id]}
        currentIds={item.parentItemId ? [item.parentItemId] : []}
        pendingId={move.isPending ? move.variables?.newParentItemId : null}
        onAction={(box) =>
          move.mutate(
            {
              itemId: item._id,
              newParentItemId: box._id,
              toTitle: displayTitleIn(t, box),
            },
            {
              onSuccess: onMoved,
              onError: (error) => notifyFailure(error, detailsFailedKey(item)),
            },
          )
        }
      />
    </Section>
  );
}
