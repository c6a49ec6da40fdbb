import { Button } from '@mantine/core';
import { IconMoodSad, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from './status-screen';

/** The global apology screen (SPEC §2): shown when rendering crashed. */
export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<IconMoodSad size={34} stroke={1.6} />}
      title={t('crash.title')}
      actions={
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
      }
    >
      {t('crash.body')}
    </StatusScreen>
  );
}
