import { Stack, Switch, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { dayOfTargetDate, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxFinder } from '../../../components/items/box-finder';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useUpdateItem } from '../../../lib/api/items/update-item';
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

const TARGET_DATE_FORMAT = 'DD MMMM YYYY';

export function TargetDateSection({
  item,
  readonly,
  sectionRef,
}: {
  item: Item;
  readonly: boolean;
  sectionRef: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const value =
    item.priorityTargetDate === null ? null : dayOfTargetDate(item.priorityTargetDate, user.timezone);
  const calendarLocale = i18n.language.startsWith('fr') ? 'fr' : 'en-gb';

  const handleChange = (day: string | null) =>
    updateItem.mutate(
      { itemId: item._id, priorityTargetDate: day === null ? null : targetDateFromDay(day, user.timezone) },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );

  return (
    <Section title={t('itemSettings.targetDate')} sectionRef={sectionRef} name="targetDate">
      <DatesProvider settings={{ locale: calendarLocale, firstDayOfWeek: 1 }}>
        <DatePickerInput
          // The name holds what the field shows (the date, or that there is none).
          aria-label={`${t('itemSettings.targetDate')}: ${
            value === null
              ? t('itemSettings.targetDate.placeholder')
              : dayjs(value).locale(calendarLocale).format(TARGET_DATE_FORMAT)
          }`}
          placeholder={t('itemSettings.targetDate.placeholder')}
          leftSection={<IconCalendarEvent size={18} stroke={1.7} />}
          valueFormat={TARGET_DATE_FORMAT}
          value={value}
          onChange={handleChange}
          clearable
          clearButtonProps={{ 'aria-label': t('itemSettings.targetDate.clear') }}
          disabled={readonly}
          maw={320}
        />
      </DatesProvider>
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
            { itemId: item._id, newParentItemId: box._id },
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
