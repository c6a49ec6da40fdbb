import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { OidcIdentity } from '@nestbox/shared/oidc/oidc.schema';
import { IconAlertTriangle, IconInfoCircle, IconKey, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../../components/feedback/confirm';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useUser } from '../../../../lib/api/get-user';
import { notify } from '../../../../lib/notify';
import { providerName } from '../../../../lib/provider-name';
import { useLinkOidc, useOidcStatus, useUnlinkOidc } from '../../api/single-sign-on';
import classes from '../app-settings.module.css';
import { SectionHeading } from '../data/section-heading';

/**
 * Application Settings → Security → Single sign-on: the identity at the provider this account
 * signs in with, a Link button that goes through the provider's sign-in, and Unlink, which an
 * account without a password of its own may not use (it would be left with no way in). Shown
 * only when the server has single sign-on.
 */
export function SingleSignOnSection() {
  const { t } = useTranslation();
  const status = useOidcStatus();
  const notifyFailure = useNotifyFailure();
  const link = useLinkOidc();

  if (status.isSuccess && !status.data.enabled) return null;
  const name = providerName(status.data?.name, t);

  // The tab's next section follows under a divider, as its sections do.
  return (
    <>
      <Stack gap="md" component="section" aria-labelledby="settings-sso-title">
        <SectionHeading id="settings-sso-title" icon={<IconKey size={22} />}>
          {t('settings.security.sso.title')}
        </SectionHeading>
        <Text size="sm" c="dimmed">
          {t('settings.security.sso.intro', { name })}
        </Text>
        {status.isPending && (
          <Stack gap="xs" role="status" aria-label={t('common.loading')}>
            <Skeleton height={52} radius="md" />
          </Stack>
        )}
        {status.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('settings.security.sso.loadFailed')}
          </Alert>
        )}
        {status.isSuccess && status.data.identity && (
          <LinkedIdentity identity={status.data.identity} name={name} hasPassword={status.data.hasPassword} />
        )}
        {status.isSuccess && !status.data.identity && (
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('settings.security.sso.none', { name })}</Text>
            <Button
              leftSection={<IconLink size={16} />}
              loading={link.isPending}
              onClick={() => link.mutate(undefined, { onError: (error) => notifyFailure(error) })}
            >
              {t('settings.security.sso.link', { name })}
            </Button>
          </Group>
        )}
      </Stack>
      <Divider />
    </>
  );
}

function LinkedIdentity({
  identity,
  name,
  hasPassword,
}: {
  identity: OidcIdentity;
  name: string;
  hasPassword: boolean;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const notifyFailure = useNotifyFailure();
  const unlink = useUnlinkOidc();

  const handleUnlink = () =>
    confirmDanger({
      title: t('settings.security.sso.unlinkTitle', { name }),
      body: t('settings.security.sso.unlinkBody', { name }),
      confirmLabel: t('settings.security.sso.unlink'),
      onConfirm: () =>
        unlink.mutate(identity.id, {
          onSuccess: () =>
            notify({ type: 'success', message: t('settings.security.sso.unlinked', { name }) }),
          onError: (error) => notifyFailure(error),
        }),
    });

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" className={classes.breakAnywhere}>
              {identity.email
                ? t('settings.security.sso.linked', { name, email: identity.email })
                : t('settings.security.sso.linkedNoEmail', { name })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('settings.security.sso.since', {
                date: formatDate(identity.createdAt, user.timezone, user.locale),
              })}
            </Text>
          </Stack>
          {hasPassword && (
            <Button
              variant="default"
              c="var(--nestbox-danger-text)"
              size="xs"
              style={{ flexShrink: 0 }}
              onClick={handleUnlink}
              loading={unlink.isPending}
              aria-label={t('settings.security.sso.unlinkLabel', { name })}
            >
              {t('settings.security.sso.unlink')}
            </Button>
          )}
        </Group>
      </Paper>
      {!hasPassword && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          classNames={{ icon: classes.noticeIcon }}
        >
          <Text size="sm">{t('settings.security.sso.noPassword', { name })}</Text>
        </Alert>
      )}
    </Stack>
  );
}
