import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Abilities } from '@nestbox/shared/items/item.schema';
import type { InheritedShare } from '@nestbox/shared/sharing/sharing.schema';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTitleIn } from '../../../lib/display-title';
import { useInheritedShares, useUsersAssociated } from '../api/get-users-associated';
import { ShareList } from './share-list';
import { ShareSearch } from './share-search';

interface ShareSectionProps {
  itemId: string;
  /** The caller's level on the item: only an owner may change anything (SPEC §6). */
  /** What the caller may do: add people (share) and change or remove them (changeLevels). */
  abilities: Pick<Abilities, 'share' | 'changeLevels'>;
}

/**
 * 'Share' (SPEC §2, §5, §6): owners search people, add them at a level, change levels and
 * remove entries (never the only owner); everyone else sees the list read-only.
 */
export function ShareSection({ itemId, abilities }: ShareSectionProps) {
  const { t } = useTranslation();
  const entries = useUsersAssociated(itemId);
  const inherited = useInheritedShares(itemId);
  const inheritedShares = inherited.data ?? [];
  const sharedUserIds = useMemo(
    () => new Set((entries.data ?? []).map(({ userId }) => userId)),
    [entries.data],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={`share-title-${itemId}`}>
      <Title order={3} fz="md" id={`share-title-${itemId}`}>
        {t('shareSection.title')}
      </Title>
      {abilities.share && <ShareSearch itemId={itemId} sharedUserIds={sharedUserIds} />}
      {entries.isPending || inherited.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            {t('shareSection.loading')}
          </Text>
        </Group>
      ) : entries.isError || inherited.isError ? (
        <Text fz="sm" c="var(--mantine-color-error)" role="alert">
          {t('shareSection.loadFailed')}
        </Text>
      ) : entries.data.length === 0 && inheritedShares.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('shareSection.empty')}
        </Text>
      ) : (
        <>
          {entries.data.length > 0 && (
            <ShareList itemId={itemId} entries={entries.data} editable={abilities.changeLevels} />
          )}
          {inheritedShares.map((share) => (
            <InheritedShareList key={share.itemId} share={share} />
          ))}
        </>
      )}
    </Stack>
  );
}

/** The people who see the item through one box above it: told, not changed here. */
function InheritedShareList({ share }: { share: InheritedShare }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" id={headingId}>
        {t('shareSection.through', { title: displayTitleIn(t, { title: share.title, itemType: 'todoBox' }) })}
      </Text>
      <Stack gap={6} component="ul" aria-labelledby={headingId} p={0} m={0} style={{ listStyle: 'none' }}>
        {share.entries.map((entry) => (
          <Group component="li" key={entry.userId} justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm" truncate>
              {entry.name}
            </Text>
            <Badge variant="light" color="gray">
              {entry.ownershipName}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
