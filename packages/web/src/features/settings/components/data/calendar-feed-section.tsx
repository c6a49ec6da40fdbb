import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { IconAlertTriangle, IconCalendarEvent, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmChange, confirmDanger } from '../../../../components/feedback/confirm';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useUser } from '../../../../lib/api/get-user';
import { notify } from '../../../../lib/notify';
import { useCalendarFeed, useCreateCalendarFeed, useDeleteCalendarFeed } from '../../api/calendar-feed';
import { SectionHeading } from './section-heading';

/**
 * The Data tab's calendar feed: a secret address calendar apps subscribe to. Only its hash is
 * kept on the server, so the address shows right after it is made; afterwards the section says
 * since when a feed is active, and regenerating (which ends the old address) gives a new one.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const user = useUser();
  const notifyFailure = useNotifyFailure();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useDeleteCalendarFeed();
  /** The address made in this visit of the tab: the only time it can be shown. */
  const [url, setUrl] = useState<string | null>(null);
  const active = feed.data?.active === true;

  const handleCreate = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => setUrl(answer.url),
      onError: (error) => notifyFailure(error, 'settings.data.calendar.failed'),
    });

  const confirm = (kind: 'regenerate' | 'turnOff', onConfirm: () => void) =>
    // Turning the feed off breaks every subscribed calendar; a new address only needs pasting again.
    (kind === 'turnOff' ? confirmDanger : confirmChange)({
      title: t(`settings.data.calendar.${kind}Title`),
      body: t(`settings.data.calendar.${kind}Body`),
      confirmLabel: t(`settings.data.calendar.${kind}`),
      onConfirm,
    });

  const handleRegenerate = () => confirm('regenerate', handleCreate);
  const handleTurnOff = () =>
    confirm('turnOff', () =>
      turnOff.mutate(undefined, {
        onSuccess: () => {
          setUrl(null);
          notify({ type: 'success', message: t('settings.data.calendar.turnedOff') });
        },
        onError: (error) => notifyFailure(error, 'settings.data.calendar.failed'),
      }),
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-calendar-title">
      <SectionHeading id="settings-calendar-title" icon={<IconCalendarEvent size={22} />}>
        {t('settings.data.calendar.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.data.calendar.intro')}
      </Text>

      {feed.isPending && <Skeleton height={36} radius="md" role="status" aria-label={t('common.loading')} />}
      {feed.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {t('settings.data.calendar.loadFailed')}
        </Alert>
      )}

      {feed.isSuccess && url && (
        <TextInput
          label={t('settings.data.calendar.address')}
          description={t('settings.data.calendar.addressHint')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip
                  label={copied ? t('settings.data.calendar.copied') : t('settings.data.calendar.copy')}
                >
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'nest' : 'gray'}
                    onClick={copy}
                    aria-label={
                      copied ? t('settings.data.calendar.copied') : t('settings.data.calendar.copy')
                    }
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
      )}
      {feed.isSuccess && active && !url && feed.data.createdAt !== null && (
        <Text size="sm">
          {t('settings.data.calendar.activeSince', {
            date: formatDate(feed.data.createdAt, user.timezone, user.locale),
          })}
        </Text>
      )}

      {feed.isSuccess && !active && (
        <Group>
          <Button
            leftSection={<IconCalendarEvent size={16} />}
            onClick={handleCreate}
            loading={create.isPending}
          >
            {t('settings.data.calendar.create')}
          </Button>
        </Group>
      )}
      {feed.isSuccess && active && (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={handleRegenerate}
            loading={create.isPending}
          >
            {t('settings.data.calendar.regenerate')}
          </Button>
          <Button
            variant="default"
            c="var(--nestbox-danger-text)"
            onClick={handleTurnOff}
            loading={turnOff.isPending}
          >
            {t('settings.data.calendar.turnOff')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
