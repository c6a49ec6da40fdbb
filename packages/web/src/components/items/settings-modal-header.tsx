import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateItem } from '../../lib/api/items/update-item';

interface SettingsModalHeaderProps {
  item: Item;
  title: string;
  /** The star was saved. */
  onSaved?: () => void;
  /** The star could not be saved (it is already put back). */
  onFailed: (error: unknown) => void;
}

/**
 * The heading of Box settings and Item settings: the title and the caller's own favourite
 * star (personal, so a readonly member may star too).
 */
export function SettingsModalHeader({ item, title, onSaved, onFailed }: SettingsModalHeaderProps) {
  const { t } = useTranslation();
  const updateItem = useUpdateItem();
  const label = item.favourited ? t('boxSettings.unfavourite') : t('boxSettings.favourite');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600} fz="lg" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="yellow"
          aria-label={label}
          aria-pressed={item.favourited}
          onClick={() =>
            updateItem.mutate(
              { itemId: item._id, favourited: !item.favourited },
              { onSuccess: () => onSaved?.(), onError: onFailed },
            )
          }
        >
          {item.favourited ? <IconStarFilled size={18} /> : <IconStar size={18} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
