import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { AUTO_ARCHIVE_CHOICES, type AutoArchiveDuration } from '@nestbox/shared/constants';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BoxFinder } from '../../../components/items/box-finder';
import { useArchive } from '../../../hooks/use-archive';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { displayTitleIn } from '../../../lib/display-title';
import { notify } from '../../../lib/notify';
import { useSetAutoArchive } from '../api/set-auto-archive';
import { useUnarchiveItem } from '../api/unarchive-item';

import { detailsFailedKey, Section } from './item-settings-sections';

const NONE = 'none';
const choiceValue = (amount: number, duration: AutoArchiveDuration) => `${amount}:${duration}`;

export function ArchiveSection({ item, onArchived }: { item: Item; onArchived: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const { archive, isPending: archiving } = useArchive();
  const autoArchive = useSetAutoArchive();
  const notifyFailure = useNotifyFailure();

  const durationLabel = (amount: number, duration: AutoArchiveDuration) =>
    t(
      amount === 1 ? `itemSettings.autoArchive.one.${duration}` : `itemSettings.autoArchive.many.${duration}`,
      {
        count: amount,
      },
    );
  const options = AUTO_ARCHIVE_CHOICES.map((choice) =>
    choice === null
      ? { value: NONE, label: t('itemSettings.autoArchive.none') }
      : {
          value: choiceValue(choice.amount, choice.duration),
          label: durationLabel(choice.amount, choice.duration),
        },
  );
  const current =
    item.autoArchiveAmount !== null && item.autoArchiveDuration !== null
      ? choiceValue(item.autoArchiveAmount, item.autoArchiveDuration)
      : NONE;
  // A value set elsewhere (not one of the choices) still shows.
  if (
    !options.some((option) => option.value === current) &&
    item.autoArchiveAmount &&
    item.autoArchiveDuration
  ) {
    options.push({ value: current, label: durationLabel(item.autoArchiveAmount, item.autoArchiveDuration) });
  }

  const handleAutoArchive = (value: string | null) => {
    const choice = AUTO_ARCHIVE_CHOICES.find(
      (option) => option !== null && choiceValue(option.amount, option.duration) === value,
    );
    autoArchive.mutate(
      choice
        ? { itemId: item._id, amount: choice.amount, duration: choice.duration }
        : { itemId: item._id, amount: null },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );
  };

  return (
    <Section title={t('itemSettings.archive')} name="archive">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('itemSettings.autoArchive')}
          data={options}
          value={current}
          onChange={handleAutoArchive}
          allowDeselect={false}
          disabled={autoArchive.isPending}
          w={280}
          maw="100%"
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          color="red"
          leftSection={<IconArchive size={16} stroke={1.7} />}
          loading={archiving}
          onClick={() => void archive(item, { onArchived })}
        >
          {t('itemSettings.archiveNow')}
        </Button>
      </Group>
      {item.autoArchiveTimestamp !== null && (
        <Text fz="sm" c="dimmed" data-auto-archive-expiry>
          {t('itemSettings.autoArchive.expiry', {
            date: formatDate(item.autoArchiveTimestamp, user.timezone, user.locale, 'dd-MMM-yyyy HH:mm'),
          })}
        </Text>
      )}
    </Section>
  );
}

export function RestorePanel({ item, canRestore }: { item: Item; canRestore: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const restore = useUnarchiveItem();
  const notifyFailure = useNotifyFailure();
  const archivedOn =
    item.archivedDate === null ? '' : formatDate(item.archivedDate, user.timezone, user.locale);
  return (
    <Section title={t('itemSettings.restore')} name="restore">
      <Alert color="gray" variant="light" p="sm">
        <Text fz="sm">{t('itemSettings.restore.archivedOn', { date: archivedOn })}</Text>
      </Alert>
      {canRestore && (
        <>
          <Text fz="sm" c="dimmed">
            {t('itemSettings.restore.detail')}
          </Text>
          <BoxFinder
            action="select"
            excludedIds={[item._id]}
            pendingId={restore.isPending ? restore.variables?.parentItemId : null}
            onAction={(box) =>
              // Once restored, this panel gives way to the archive options (it unmounts), so the
              // outcome is read from the promise rather than from mutate's callbacks.
              restore.mutateAsync({ itemId: item._id, parentItemId: box._id }).then(
                () =>
                  notify({
                    type: 'success',
                    message: t('itemSettings.restore.done', {
                      title: displayTitleIn(t, box),
                    }),
                  }),
                (error: unknown) => notifyFailure(error, detailsFailedKey(item)),
              )
            }
          />
        </>
      )}
    </Section>
  );
}
