import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { targetDateMovedTo } from '@nestbox/shared/dates/show-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Item } from '@nestbox/shared/items/item.schema';
import { dayKey } from '@nestbox/shared/organizer/grouping';
import { dayAfter } from '@nestbox/shared/upcoming/upcoming';
import {
  IconCalendarOff,
  IconCalendarPlus,
  IconCalendarWeek,
  IconSun,
  IconSunrise,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDates } from '../../../components/dates/calendar-dates';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useUpdateItem } from '../../../lib/api/items/update-item';

/** The Monday after `day` (yyyy-MM-dd): a week on from a Monday. */
export function nextWeekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dayAfter(day, (8 - weekday) % 7 || 7);
}

function Choice({
  icon,
  label,
  detail,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  detail?: string | undefined;
  onClick: () => void;
}) {
  return (
    <Button
      variant="subtle"
      color="gray"
      size="md"
      fullWidth
      justify="space-between"
      leftSection={icon}
      rightSection={
        detail ? (
          <Text span fz="sm" c="dimmed">
            {detail}
          </Text>
        ) : undefined
      }
      onClick={onClick}
      styles={{ label: { flex: 1 } }}
    >
      {label}
    </Button>
  );
}

/**
 * A sheet from the bottom of the screen that schedules a text (a swipe left on its row): Today,
 * Tomorrow, Next week (its Monday), a day picked on a calendar, or No date. The date keeps its
 * time of day; the change offers Undo (useUpdateItem), which puts back the date it had, or none.
 */
export function ScheduleSheet({
  item,
  opened,
  onClose,
}: {
  item: Item;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { timezone } = useUser();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const [picking, setPicking] = useState(false);
  const locale = userLocaleOf(i18n.language);
  const today = dayKey(Date.now(), timezone);
  const dateOn = (day: string) => targetDateMovedTo(item, day, timezone);
  const dayName = (day: string) => formatDate(dateOn(day).priorityTargetDate, timezone, locale, 'EEE d MMM');

  const close = () => {
    setPicking(false);
    onClose();
  };
  const choose = (day: string | null) => {
    close();
    const moved = day === null ? null : dateOn(day);
    if ((moved?.priorityTargetDate ?? null) === item.priorityTargetDate) return;
    updateItem.mutate(
      { itemId: item._id, ...(moved ?? { priorityTargetDate: null }) },
      { onError: (error) => notifyFailure(error, 'boxes.textSaveFailed') },
    );
  };
  const tomorrow = dayAfter(today, 1);
  const nextWeek = nextWeekOf(today);

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="bottom"
      size="auto"
      title={t('schedule.title')}
      closeButtonProps={{ 'aria-label': t('common.close'), size: 'xl' }}
      radius="md"
    >
      <Stack gap={4} pb="md">
        <Choice
          icon={<IconSun size={20} stroke={1.7} />}
          label={t('schedule.today')}
          detail={dayName(today)}
          onClick={() => choose(today)}
        />
        <Choice
          icon={<IconSunrise size={20} stroke={1.7} />}
          label={t('schedule.tomorrow')}
          detail={dayName(tomorrow)}
          onClick={() => choose(tomorrow)}
        />
        <Choice
          icon={<IconCalendarWeek size={20} stroke={1.7} />}
          label={t('schedule.nextWeek')}
          detail={dayName(nextWeek)}
          onClick={() => choose(nextWeek)}
        />
        <Choice
          icon={<IconCalendarPlus size={20} stroke={1.7} />}
          label={t('schedule.pickDate')}
          onClick={() => setPicking((open) => !open)}
        />
        {picking && (
          <Group justify="center">
            <CalendarDates>
              <DatePicker
                value={item.priorityTargetDate === null ? null : dayKey(item.priorityTargetDate, timezone)}
                onChange={(day) => choose(day)}
                size="md"
              />
            </CalendarDates>
          </Group>
        )}
        <Choice
          icon={<IconCalendarOff size={20} stroke={1.7} />}
          label={t('schedule.noDate')}
          onClick={() => choose(null)}
        />
      </Stack>
    </Drawer>
  );
}
