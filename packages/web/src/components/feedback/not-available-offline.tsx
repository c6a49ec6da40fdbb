import { Alert, Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * In place of a part of the app that needs the network and has nothing kept on this device: its
 * code was never fetched, or its data never loaded while online. The rest of the app goes on.
 */
export function NotAvailableOffline({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconCloudOff size={20} stroke={1.7} aria-hidden="true" />}
      title={t('crash.partOffline.title')}
    >
      {t('crash.partOffline.body')}
      <Button mt="sm" size="sm" variant="default" display="block" onClick={onRetry}>
        {t('crash.partOffline.retry')}
      </Button>
    </Alert>
  );
}

/**
 * Whether a query has nothing to show and waits for a network that is not there: with no copy
 * kept offline, it would spin for as long as the device stays offline.
 */
export const waitsForNetwork = (query: { isPending: boolean; fetchStatus: string }) =>
  query.isPending && query.fetchStatus === 'paused';
