import { Button, Group } from '@mantine/core';
import { IconHome, IconRefresh, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title';
import { StatusScreen } from './status-screen';

/** 'Error 500': the server failed to answer a page's request. */
export function ServerErrorScreen() {
  const { t } = useTranslation();
  usePageTitle(t('serverError.title'));
  return (
    <StatusScreen
      icon={<IconServerOff size={34} stroke={1.6} />}
      title={t('serverError.title')}
      actions={
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('serverError.retry')}
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={18} />}>
            {t('notFound.home')}
          </Button>
        </Group>
      }
    >
      {t('error.server')}
    </StatusScreen>
  );
}
