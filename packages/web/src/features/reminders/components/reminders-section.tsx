import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  BEFORE_AFTER_ON,
  type BeforeAfterOn,
  REMINDER_DEFAULTS,
  REMINDER_NUMBER_MAX_LENGTH,
  REMINDER_NUMBER_PATTERN,
  REMINDER_UNITS,
  type ReminderRule,
  type ReminderUnit,
  reminderNumberOrDefault,
  sanitizeReminderNumber,
} from '@nestbox/shared/reminders/fire-time';
import type { Reminder } from '@nestbox/shared/reminders/reminder.schema';
import { IconBellPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import {
  useCreateReminder,
  useItemReminders,
  useRemoveReminder,
  useUpdateReminder,
} from '../api/item-reminders';

interface RemindersSectionProps {
  itemId: string;
  /** Shows the reminders without letting them change (the integrator decides when, e.g. an archived item). */
  readonly: boolean;
}

/**
 * The Reminders section of Item settings (SPEC §2, §4): the caller's reminders on the item
 * (the one linked to the target date is hidden), 'Add a Reminder' with the SPEC defaults,
 * each field saved as soon as it changes (the number also when it loses focus).
 */
export function RemindersSection({ itemId, readonly }: RemindersSectionProps) {
  const { t } = useTranslation();
  const reminders = useItemReminders(itemId);
  const create = useCreateReminder(itemId);

  return (
    <Stack gap="xs" data-testid="reminders-section">
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t('reminders.section.title')}
        </Title>
        {!readonly && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconBellPlus size={16} stroke={1.8} />}
            loading={create.isPending}
            onClick={() =>
              create.mutate(REMINDER_DEFAULTS, {
                onError: () => notify({ type: 'error', message: t('reminders.section.addFailed') }),
              })
            }
          >
            {t('reminders.section.add')}
          </Button>
        )}
      </Group>
      {readonly && (
        <Text size="sm" c="dimmed">
          {t('reminders.section.readonly')}
        </Text>
      )}
      {reminders.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : reminders.isError ? (
        <Alert color="red" variant="light" title={t('reminders.section.loadFailed')}>
          <Button variant="subtle" size="xs" onClick={() => void reminders.refetch()}>
            {t('reminders.retry')}
          </Button>
        </Alert>
      ) : reminders.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reminders.section.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {reminders.data.map((reminder) => (
            <ReminderRow key={reminder._id} itemId={itemId} reminder={reminder} readonly={readonly} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ReminderRow({
  itemId,
  reminder,
  readonly,
}: {
  itemId: string;
  reminder: Reminder;
  readonly: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateReminder(itemId);
  const remove = useRemoveReminder(itemId);
  const [rule, setRule] = useState<ReminderRule>({
    numberOf: reminder.numberOf,
    unit: reminder.unit,
    beforeAfterOn: reminder.beforeAfterOn,
    repeat: reminder.repeat,
  });
  const [typed, setTyped] = useState(String(reminder.numberOf));

  const save = (next: ReminderRule) => {
    setRule(next);
    update.mutate(
      { reminderId: reminder._id, rule: next },
      { onError: () => notify({ type: 'error', message: t('reminders.section.saveFailed') }) },
    );
  };

  const units = REMINDER_UNITS.map((unit) => ({ value: unit, label: t(`reminders.unit.${unit}`) }));
  const whens = BEFORE_AFTER_ON.map((when) => ({ value: when, label: t(`reminders.when.${when}`) }));
  const repeats = [
    { value: 'no', label: t('reminders.repeat.no') },
    { value: 'yes', label: t('reminders.repeat.yes') },
  ];

  return (
    <Paper component="li" withBorder radius="md" p="xs" data-testid="reminder-row">
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <TextInput
            aria-label={t('reminders.section.number')}
            value={typed}
            inputMode="numeric"
            maxLength={REMINDER_NUMBER_MAX_LENGTH}
            w={60}
            disabled={readonly}
            onChange={(event) => {
              const next = sanitizeReminderNumber(event.currentTarget.value);
              setTyped(next);
              if (REMINDER_NUMBER_PATTERN.test(next) && Number(next) !== rule.numberOf)
                save({ ...rule, numberOf: Number(next) });
            }}
            onBlur={() => {
              const numberOf = reminderNumberOrDefault(typed);
              setTyped(String(numberOf));
              save({ ...rule, numberOf });
            }}
          />
          <Select
            aria-label={t('reminders.section.unit')}
            data={units}
            value={rule.unit}
            allowDeselect={false}
            w={116}
            disabled={readonly}
            onChange={(value) => value && save({ ...rule, unit: value as ReminderUnit })}
          />
          <Select
            aria-label={t('reminders.section.when')}
            data={whens}
            value={rule.beforeAfterOn}
            allowDeselect={false}
            w={116}
            disabled={readonly}
            onChange={(value) => {
              if (!value) return;
              const beforeAfterOn = value as BeforeAfterOn;
              save({ ...rule, beforeAfterOn, repeat: beforeAfterOn === 'on' ? rule.repeat : false });
            }}
          />
          {rule.beforeAfterOn === 'on' && (
            <Select
              aria-label={t('reminders.section.repeat')}
              data={repeats}
              value={rule.repeat ? 'yes' : 'no'}
              allowDeselect={false}
              w={150}
              disabled={readonly}
              onChange={(value) => value && save({ ...rule, repeat: value === 'yes' })}
            />
          )}
        </Group>
        {!readonly && (
          <Tooltip label={t('reminders.section.remove')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('reminders.section.remove')}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(reminder._id, {
                  onError: () => notify({ type: 'error', message: t('reminders.section.removeFailed') }),
                })
              }
            >
              <IconTrash size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
