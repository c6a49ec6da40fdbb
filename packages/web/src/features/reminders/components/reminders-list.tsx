import { EmptyState } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The Reminders modal's body. Reminder events arrive with a later issue; until then, the empty state. */
export function RemindersList() {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      icon={<IconBell size={28} stroke={1.6} />}
      withIndicatorBackground
      title={t('reminders.empty')}
      description={t('reminders.emptyDetail')}
    />
  );
}
