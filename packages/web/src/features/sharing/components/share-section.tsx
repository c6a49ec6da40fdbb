import {
  ActionIcon,
  Badge,
  Button,
  Combobox,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { SHARE_SEARCH_MIN_TERM_LENGTH, SHARE_SEARCH_THROTTLE_MS } from '@nestbox/shared/constants';
import type { Abilities } from '@nestbox/shared/items/item.schema';
import { ACCESS_LEVELS, type AccessLevel } from '@nestbox/shared/items/item-values';
import type { InheritedShare, ShareEntry, UserHit } from '@nestbox/shared/sharing/sharing.schema';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { displayTitleIn } from '../../../lib/display-title';
import { useAssociateUser } from '../api/associate-user';
import { useInheritedShares, useUsersAssociated } from '../api/get-users-associated';
import { useRemoveAssociation } from '../api/remove-association';
import { useSearchUsers } from '../api/search-users';
import { useUpdateOwnership } from '../api/update-ownership';

/** The order the share UI offers the levels in (SPEC §6: Readonly, Editor, Owner). */
const LEVEL_CHOICES: readonly AccessLevel[] = ['readonly', 'editor', 'owner'];

function isAccessLevel(value: string | null): value is AccessLevel {
  return value !== null && (ACCESS_LEVELS as readonly string[]).includes(value);
}

function useLevelOptions() {
  const { t } = useTranslation();
  return useMemo(
    () => LEVEL_CHOICES.map((level) => ({ value: level, label: t(`share.level.${level}`) })),
    [t],
  );
}

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

interface ShareSearchProps {
  itemId: string;
  /** People already on the list, left out of the search results. */
  sharedUserIds: ReadonlySet<string>;
}

/** The user search (≥ 2 characters, leading-edge throttle), a level and 'Add'. */
function ShareSearch({ itemId, sharedUserIds }: ShareSearchProps) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const levelOptions = useLevelOptions();
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<UserHit | null>(null);
  const [level, setLevel] = useState<AccessLevel>('editor');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const associateUser = useAssociateUser();

  // Only searchable terms go through the throttle, so the first one after a quiet period is
  // searched at once, later ones at most every SHARE_SEARCH_THROTTLE_MS, and the last one always.
  const trimmed = term.trim();
  const searchable = trimmed.length >= SHARE_SEARCH_MIN_TERM_LENGTH ? trimmed : '';
  const searchTerm = useThrottledValue(searchable, SHARE_SEARCH_THROTTLE_MS);
  const search = useSearchUsers(searchTerm);
  const hits =
    searchable && searchTerm ? (search.data ?? []).filter(({ _id }) => !sharedUserIds.has(_id)) : [];

  useEffect(() => {
    if (search.error) notifyFailure(search.error);
  }, [search.error, notifyFailure]);

  const choose = (userId: string) => {
    const hit = hits.find(({ _id }) => _id === userId);
    if (hit) {
      setSelected(hit);
      setTerm(hit.name);
    }
    combobox.closeDropdown();
  };

  const add = () => {
    if (!selected) return;
    associateUser.mutate(
      { itemId, userId: selected._id, ownershipId: level },
      {
        onSuccess: () => {
          setSelected(null);
          setTerm('');
        },
        onError: (error) => notifyFailure(error),
      },
    );
  };

  const searching = search.isFetching || (searchable !== '' && searchable !== searchTerm);

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            style={{ flex: '1 1 12rem' }}
            label={t('shareSection.search')}
            placeholder={t('shareSection.searchPlaceholder')}
            value={term}
            autoComplete="off"
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              setSelected(null);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && selected && !combobox.dropdownOpened) {
                event.preventDefault();
                add();
              }
            }}
            rightSection={searching ? <Loader size={14} /> : null}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={searchable === '' || selected !== null}>
          <Combobox.Options>
            {hits.length > 0 ? (
              hits.map((hit) => (
                <Combobox.Option value={hit._id} key={hit._id}>
                  {hit.name}
                </Combobox.Option>
              ))
            ) : (
              // A disabled option, not Combobox.Empty: a listbox must hold options.
              <Combobox.Option value="" disabled>
                {searching ? t('shareSection.searching') : t('shareSection.noResults')}
              </Combobox.Option>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Select
        w={130}
        label={t('shareSection.newLevel')}
        data={levelOptions}
        value={level}
        allowDeselect={false}
        onChange={(value) => {
          if (isAccessLevel(value)) setLevel(value);
        }}
      />
      <Button disabled={!selected} loading={associateUser.isPending} onClick={add}>
        {t('shareSection.add')}
      </Button>
    </Group>
  );
}

interface ShareListProps {
  itemId: string;
  entries: readonly ShareEntry[];
  /** True for an owner: a level Select and a remove button per entry. */
  editable: boolean;
}

/** The people with access; the only owner can be neither removed nor changed (SPEC §5). */
function ShareList({ itemId, entries, editable }: ShareListProps) {
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
