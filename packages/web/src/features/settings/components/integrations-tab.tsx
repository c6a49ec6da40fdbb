import { Alert, Avatar, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { SlackAccount } from '@nestbox/shared/slack/slack.schema';
import { IconAlertTriangle, IconBrandSlack, IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../components/feedback/confirm';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { notify } from '../../../lib/notify';
import { useConnectSlack, useSlackAccounts, useSlackStatus, useUnlinkSlack } from '../api/slack-accounts';
import classes from './app-settings.module.css';

/** Application Settings → Integrations: link and unlink Slack accounts (SPEC §1, §7). */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const status = useSlackStatus();
  const accounts = useSlackAccounts();
  const connect = useConnectSlack();
  const enabled = status.data?.enabled === true;

  const handleConnect = () =>
    connect.mutate(undefined, {
      onError: (error) => notifyFailure(error),
    });

  return (
    <Stack gap="md" aria-labelledby="settings-slack-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="grape" radius="md" aria-hidden>
            <IconBrandSlack size={22} />
          </Avatar>
          <Title order={3} fz="md" id="settings-slack-title">
            {t('settings.integrations.slack.title')}
          </Title>
        </Group>
        {enabled && (
          <Button
            leftSection={<IconPlugConnected size={16} />}
            onClick={handleConnect}
            loading={connect.isPending}
          >
            {t('settings.integrations.slack.connect')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('settings.integrations.slack.intro')}
      </Text>

      {status.isPending && <Skeleton height={60} radius="md" />}
      {status.isSuccess && !enabled && <SlackDisabledNotice variables={status.data.requiredVariables} />}

      <Title order={4} fz="sm">
        {t('settings.integrations.slack.linked')}
      </Title>
      {accounts.isPending && (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={52} radius="md" />
        </Stack>
      )}
      {(accounts.isError || status.isError) && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {t('settings.integrations.slack.loadFailed')}
        </Alert>
      )}
      {accounts.isSuccess && accounts.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('settings.integrations.slack.none')}
        </Text>
      )}
      {accounts.isSuccess && accounts.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {accounts.data.map((account) => (
            <SlackAccountRow key={account.slackAccountId} account={account} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Slack is off on this server: administrators get what turning it on takes (the Slack app's
 * addresses and the variables to set); everyone else is told to ask one.
 */
function SlackDisabledNotice({ variables }: { variables: string[] }) {
  const { t } = useTranslation();
  const { isAdmin } = useUser();
  const origin = window.location.origin;
  const addresses = [
    { label: t('settings.integrations.slack.eventsUrl'), url: `${origin}/slack/events` },
    { label: t('settings.integrations.slack.redirectUrl'), url: `${origin}/slack/auth` },
  ];
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t('settings.integrations.slack.disabledTitle')}
      classNames={{ icon: classes.noticeIcon }}
    >
      {!isAdmin ? (
        <Text size="sm">{t('settings.integrations.slack.disabledAskAdmin')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('settings.integrations.slack.disabledBody')}</Text>
          <Stack gap={6}>
            {addresses.map(({ label, url }) => (
              <div key={url}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Code className={classes.breakAnywhere}>{url}</Code>
              </div>
            ))}
          </Stack>
          <Group gap={6}>
            {variables.map((name) => (
              <Code key={name}>{name}</Code>
            ))}
          </Group>
        </Stack>
      )}
    </Alert>
  );
}

function SlackAccountRow({ account }: { account: SlackAccount }) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const user = useUser();
  const unlink = useUnlinkSlack();
  const who = account.slackUserName ?? account.slackUserId;

  const handleUnlink = () =>
    confirmDanger({
      title: t('settings.integrations.slack.unlinkTitle'),
      body: t('settings.integrations.slack.unlinkBody', { user: who, team: account.teamName }),
      confirmLabel: t('settings.integrations.slack.unlink'),
      onConfirm: () =>
        unlink.mutate(account.slackAccountId, {
          onSuccess: () => notify({ type: 'success', message: t('settings.integrations.slack.unlinked') }),
          onError: (error) => notifyFailure(error),
        }),
    });

  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {who}
          </Text>
          <Text size="xs" c="dimmed">
            {t('settings.integrations.slack.team', { team: account.teamName })} ·{' '}
            {t('settings.integrations.slack.since', {
              date: formatDate(account.createdDate, user.timezone, user.locale),
            })}
          </Text>
        </Stack>
        <Button
          variant="default"
          c="var(--nestbox-danger-text)"
          size="xs"
          style={{ flexShrink: 0 }}
          onClick={handleUnlink}
          loading={unlink.isPending}
          aria-label={t('settings.integrations.slack.unlinkLabel', { user: who, team: account.teamName })}
        >
          {t('settings.integrations.slack.unlink')}
        </Button>
      </Group>
    </Paper>
  );
}
