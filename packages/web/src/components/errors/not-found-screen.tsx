import { Button } from '@mantine/core';
import { IconHome, IconMapPinQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title';
import { StatusScreen } from './status-screen';

/** 'Error 404' for any address that is not a page of the product. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <StatusScreen
      icon={<IconMapPinQuestion size={34} stroke={1.6} />}
      title={t('notFound.title')}
      actions={
        <Button component="a" href="/" leftSection={<IconHome size={18} />}>
          {t('notFound.home')}
        </Button>
      }
    >
      {t('error.notFound.page')}
    </StatusScreen>
  );
}
