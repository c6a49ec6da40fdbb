import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { openItemSettings } from '../hooks/use-item-settings';

/** 'Item archived.' with a way back: 'Restore…' opens Item settings on its restore panel. */
export function notifyArchived(itemId: string, t: TFunction): void {
  const id = `archived-${itemId}`;
  notifications.show({
    id,
    color: 'gray',
    autoClose: 8_000,
    icon: <IconArchive size={18} stroke={1.8} />,
    message: (
      <Text fz="sm" component="span">
        {t('itemMenu.archived')}{' '}
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => {
            notifications.hide(id);
            openItemSettings(itemId);
          }}
        >
          {t('itemMenu.archived.restore')}
        </Anchor>
      </Text>
    ),
  });
}
