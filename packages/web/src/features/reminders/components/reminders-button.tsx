import { Indicator, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from '../../../components/layout/header-action';
import { useUnreadCount } from '../api/reminder-events';

/** Marks the header's Reminders button, where the focus goes back to when the modal leaves it on nothing. */
export const REMINDERS_BUTTON = 'data-reminders-button';

/**
 * The header's Reminders button with its unread badge (live from `reminders:unread-count`);
 * the count is the button's description ("2 unread reminders") for screen readers.
 */
export function RemindersButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const count = useUnreadCount().data?.count ?? 0;
  const unreadId = useId();
  return (
    <>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={16}
        offset={6}
        color="red.9"
        disabled={count === 0}
        data-testid="reminders-badge"
        {...{ [REMINDERS_BUTTON]: '' }}
      >
        <HeaderAction
          label={t('header.reminders')}
          icon={<IconBell size={20} stroke={1.7} />}
          onClick={onClick}
          describedBy={count > 0 ? unreadId : undefined}
        />
      </Indicator>
      {count > 0 && <VisuallyHidden id={unreadId}>{t('reminders.unreadBadge', { count })}</VisuallyHidden>}
    </>
  );
}
