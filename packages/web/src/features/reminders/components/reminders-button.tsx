import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from '../../../app/layout/header-action';
import { useUnreadCount } from '../api/reminder-events';

/** The header's Reminders button with its unread badge (live from `reminders:unread-count`). */
export function RemindersButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const count = useUnreadCount().data?.count ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      offset={6}
      color="red"
      disabled={count === 0}
      data-testid="reminders-badge"
      aria-label={count > 0 ? t('reminders.unreadBadge', { count }) : undefined}
    >
      <HeaderAction
        label={t('header.reminders')}
        icon={<IconBell size={20} stroke={1.7} />}
        onClick={onClick}
      />
    </Indicator>
  );
}
