import { Button, Chip, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { Item } from '@nestbox/shared/items/item.schema';
import { describeRecurrence } from '@nestbox/shared/recurrence/describe-recurrence';
import {
  defaultPreset,
  type IntervalUnit,
  PRESET_KINDS,
  type PresetKind,
  presetOf,
  presetRule,
  type RecurrencePreset,
  WEEKDAY_CODES,
  type WeekdayCode,
} from '@nestbox/shared/recurrence/presets';
import { IconRepeat } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDates } from '../../../components/dates/calendar-dates';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { notify } from '../../../lib/notify';
import { useCompleteForever, useSetRecurrence } from '../api/recurrence';
import { CompletionHistory } from './completion-history';

const NONE = 'none';

/** What every number field here takes: a whole number within its bounds. */
const WHOLE_NUMBER = { clampBehavior: 'strict', allowDecimal: false } as const;

type Kind = PresetKind | typeof NONE;

const UNITS: IntervalUnit[] = ['DAILY', 'WEEKLY', 'MONTHLY'];

/** The preset a new repeat starts from: the weekday and day of month of the item's date (or today). */
function startingPreset(item: Item, timeZone: string): RecurrencePreset {
  const at = item.priorityTargetDate ?? Date.now();
  const weekday = WEEKDAY_CODES[(Number(formatDate(at, timeZone, 'en-GB', 'i')) + 6) % 7] ?? 'MO';
  return defaultPreset(weekday, Number(formatDate(at, timeZone, 'en-GB', 'd')));
}

/**
 * Item settings' Repeat section (docs/guide.md "Recurring items"), for texts: the presets, the end,
 * whether the next date counts from the completion, Complete forever, and the completions.
 * The choices are saved together with 'Save repeat'.
 */
export function RecurrenceSection({ item, readonly }: { item: Item; readonly: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const save = useSetRecurrence();
  const completeForever = useCompleteForever();
  const notifyFailure = useNotifyFailure();
  const stored = item.recurrence ? presetOf(item.recurrence) : null;
  const [kind, setKind] = useState<Kind>(stored?.kind ?? NONE);
  const [preset, setPreset] = useState<RecurrencePreset>(stored ?? startingPreset(item, user.timezone));
  const [fromCompletion, setFromCompletion] = useState(item.recurFromCompletion);
  // A change saved here or elsewhere (live) shows as the new starting point.
  useEffect(() => {
    const saved = item.recurrence ? presetOf(item.recurrence) : null;
    setKind(saved?.kind ?? NONE);
    if (saved) setPreset(saved);
    setFromCompletion(item.recurFromCompletion);
  }, [item.recurrence, item.recurFromCompletion]);

  const rule = kind === NONE ? null : presetRule({ ...preset, kind });
  const changed = rule !== item.recurrence || (rule !== null && fromCompletion !== item.recurFromCompletion);
  const describe = (text: string) => describeRecurrence(text, user.locale) ?? text;
  const update = (changes: Partial<RecurrencePreset>) => setPreset((current) => ({ ...current, ...changes }));

  const kinds = [
    { value: NONE, label: t('itemSettings.repeat.none') },
    ...PRESET_KINDS.map((value) => ({ value, label: t(`itemSettings.repeat.${value}`) })),
    ...(stored?.kind === 'custom' && stored.custom
      ? [{ value: 'custom', label: t('itemSettings.repeat.custom', { rule: describe(stored.custom) }) }]
      : []),
  ];

  const handleSave = () =>
    save.mutate(
      { itemId: item._id, rule, fromCompletion },
      {
        onSuccess: () => notify({ type: 'success', message: t('itemSettings.repeat.saved') }),
        onError: (error) => notifyFailure(error, 'boxes.textSaveFailed'),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-label={t('itemSettings.repeat')} data-section="recurrence">
      <Title order={3} fz="md">
        {t('itemSettings.repeat')}
      </Title>
      {item.recurrence && (
        <Group gap={6} wrap="nowrap" data-recurrence-summary>
          <IconRepeat size={16} stroke={1.7} aria-hidden />
          <Text fz="sm">{t('itemSettings.repeat.summary', { rule: describe(item.recurrence) })}</Text>
        </Group>
      )}
      <Select
        label={t('itemSettings.repeat.kind')}
        data={kinds}
        value={kind}
        onChange={(value) => setKind((value as Kind | null) ?? NONE)}
        allowDeselect={false}
        disabled={readonly}
        w={340}
        maw="100%"
        comboboxProps={{ withinPortal: true }}
      />
      {kind === 'weekly' && (
        <Stack component="fieldset" gap={6} m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fz="sm" fw={500} p={0} mb={6}>
            {t('itemSettings.repeat.days')}
          </Text>
          <Chip.Group
            multiple
            value={preset.weekdays}
            onChange={(days) => update({ weekdays: days as WeekdayCode[] })}
          >
            <Group gap={6}>
              {WEEKDAY_CODES.map((day) => (
                <Chip key={day} value={day} size="sm" disabled={readonly}>
                  {t(`weekday.short.${day}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      {kind === 'monthlyDay' && (
        <NumberInput
          label={t('itemSettings.repeat.monthDay')}
          min={1}
          max={31}
          {...WHOLE_NUMBER}
          value={preset.monthDay}
          onChange={(value) => update({ monthDay: Number(value) || 1 })}
          disabled={readonly}
          w={160}
        />
      )}
      {kind === 'interval' && (
        <Group gap="sm" align="flex-end">
          <NumberInput
            label={t('itemSettings.repeat.every')}
            min={1}
            max={999}
            {...WHOLE_NUMBER}
            value={preset.interval}
            onChange={(value) => update({ interval: Number(value) || 1 })}
            disabled={readonly}
            w={110}
          />
          <Select
            label={t('itemSettings.repeat.unit')}
            data={UNITS.map((unit) => ({ value: unit, label: t(`itemSettings.repeat.unit.${unit}`) }))}
            value={preset.unit}
            onChange={(value) => update({ unit: (value as IntervalUnit | null) ?? 'DAILY' })}
            allowDeselect={false}
            disabled={readonly}
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      )}
      {kind !== NONE && (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('itemSettings.repeat.ends')}
              data={(['never', 'until', 'count'] as const).map((end) => ({
                value: end,
                label: t(`itemSettings.repeat.ends.${end}`),
              }))}
              value={preset.end.kind}
              onChange={(value) =>
                update({
                  end:
                    value === 'until'
                      ? {
                          kind: 'until',
                          day: formatDate(Date.now() + 90 * 86_400_000, user.timezone, 'en-GB', 'yyyy-MM-dd'),
                        }
                      : value === 'count'
                        ? { kind: 'count', count: 10 }
                        : { kind: 'never' },
                })
              }
              allowDeselect={false}
              disabled={readonly}
              w={240}
              maw="100%"
              comboboxProps={{ withinPortal: true }}
            />
            {preset.end.kind === 'until' && (
              <CalendarDates>
                <DatePickerInput
                  label={t('itemSettings.repeat.untilDate')}
                  valueFormat="DD MMMM YYYY"
                  value={preset.end.day}
                  onChange={(day) => day && update({ end: { kind: 'until', day } })}
                  disabled={readonly}
                  w={200}
                />
              </CalendarDates>
            )}
            {preset.end.kind === 'count' && (
              <NumberInput
                label={t('itemSettings.repeat.count')}
                min={1}
                max={9999}
                {...WHOLE_NUMBER}
                value={preset.end.count}
                onChange={(value) => update({ end: { kind: 'count', count: Number(value) || 1 } })}
                disabled={readonly}
                w={140}
              />
            )}
          </Group>
          <Switch
            label={t('itemSettings.repeat.fromCompletion')}
            description={t('itemSettings.repeat.fromCompletion.description')}
            checked={fromCompletion}
            onChange={(event) => setFromCompletion(event.currentTarget.checked)}
            disabled={readonly}
          />
          {item.priorityTargetDate === null && (
            <Text fz="sm" c="dimmed">
              {t('itemSettings.repeat.needsDate')}
            </Text>
          )}
        </>
      )}
      {!readonly && (
        <Group gap="sm">
          <Button variant="light" onClick={handleSave} disabled={!changed} loading={save.isPending}>
            {t('itemSettings.repeat.save')}
          </Button>
          {item.recurrence && !item.completed && (
            <Button
              variant="subtle"
              color="gray"
              loading={completeForever.isPending}
              onClick={() =>
                completeForever.mutate(item._id, {
                  onSuccess: () =>
                    notify({ type: 'success', message: t('itemSettings.repeat.completedForever') }),
                  onError: (error) => notifyFailure(error, 'boxes.textSaveFailed'),
                })
              }
            >
              {t('itemSettings.repeat.completeForever')}
            </Button>
          )}
        </Group>
      )}
      <CompletionHistory itemId={item._id} />
    </Stack>
  );
}
