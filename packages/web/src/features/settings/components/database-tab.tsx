import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReseedType } from '@nestbox/shared/admin/admin.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { IconAlertTriangle, IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDanger } from '../../../components/feedback/confirm';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { notifyAfterReload } from '../../../lib/notify';
import { useReseed } from '../api/reseed';

/**
 * Application Settings → Database (admins only): re-seed base or full, each after a
 * confirmation. Afterwards the app starts again from the new data: the configured admin stays
 * logged in (reload), anyone else logs in again.
 */
export function DatabaseTab() {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const reseed = useReseed();
  const navigate = useNavigate();

  const run = (type: ReseedType) =>
    reseed.mutate(
      { type },
      {
        onSuccess: ({ message, sessionKept }) => {
          notifyAfterReload({ type: 'success', message });
          if (sessionKept) window.location.assign(PAGE_PATHS.app);
          else void navigate(PAGE_PATHS.logout);
        },
        onError: (error) => notifyFailure(error),
      },
    );

  const confirm = (type: ReseedType) =>
    confirmDanger({
      title: t('settings.database.confirmTitle'),
      body: t('settings.database.confirmBody'),
      confirmLabel: t('settings.database.confirm'),
      onConfirm: () => run(type),
    });

  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('settings.database.intro')}
      </Alert>
      {(['base', 'full'] as const).map((type) => (
        <Paper key={type} withBorder radius="md" p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 16rem' }}>
              <Title order={3} fz="sm">
                {t(`settings.database.${type}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`settings.database.${type}.description`)}
              </Text>
            </Stack>
            <Button
              color="red"
              variant="light"
              leftSection={<IconDatabase size={16} />}
              onClick={() => confirm(type)}
              loading={reseed.isPending && reseed.variables?.type === type}
              disabled={reseed.isPending && reseed.variables?.type !== type}
            >
              {t(`settings.database.${type}.title`)}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
