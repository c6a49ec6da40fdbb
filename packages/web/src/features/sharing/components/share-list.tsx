import { ActionIcon, Badge, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useRemoveAssociation } from '../api/remove-association';
import { useUpdateOwnership } from '../api/update-ownership';
import { isAccessLevel, useLevelOptions } from './share-levels';

export interface ShareListProps {
  itemId: string;
  entries: readonly ShareEntry[];
  /** True for an owner: a level Select and a remove button per entry. */
  editable: boolean;
}

/** The people with access; the only owner can be neither removed nor changed (SPEC §5). */
export function ShareList({ itemId, entries, editable }: ShareListProps) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const levelOptions = useLevelOptions();
  const updateOwnership = useUpdateOwnership();
  const removeAssociation = useRemoveAssociation();
  const ownerCount = entries.filter(({ ownershipId }) => ownershipId === 'owner').length;

  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={t('shareSection.list')}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {entries.map((entry) => {
        const onlyOwner = entry.ownershipId === 'owner' && ownerCount <= 1;
        const removeLabel = t('shareSection.remove', { name: entry.name });
        return (
          <Group component="li" key={entry.userId} justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm" truncate>
              {entry.name}
            </Text>
            {editable ? (
              <Group gap="xs" wrap="nowrap">
                <Select
                  size="xs"
                  w={130}
                  aria-label={t('shareSection.levelOf', { name: entry.name })}
                  data={levelOptions}
                  value={entry.ownershipId}
                  allowDeselect={false}
                  disabled={onlyOwner}
                  onChange={(value) => {
                    if (!isAccessLevel(value) || value === entry.ownershipId) return;
                    updateOwnership.mutate(
                      { itemId, userId: entry.userId, ownershipId: value },
                      { onError: (error) => notifyFailure(error) },
                    );
                  }}
                />
                <Tooltip label={removeLabel} disabled={onlyOwner}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={removeLabel}
                    disabled={onlyOwner}
                    onClick={() =>
                      removeAssociation.mutate(
                        { itemId, userId: entry.userId },
                        { onError: (error) => notifyFailure(error) },
                      )
                    }
                  >
                    <IconTrash size={16} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : (
              <Badge variant="light" color="gray">
                {entry.ownershipName}
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
