import { Button, Combobox, Group, Loader, Select, TextInput, useCombobox } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { SHARE_SEARCH_MIN_TERM_LENGTH, SHARE_SEARCH_THROTTLE_MS } from '@nestbox/shared/constants';
import type { AccessLevel } from '@nestbox/shared/items/item-values';
import type { UserHit } from '@nestbox/shared/sharing/sharing.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useAssociateUser } from '../api/associate-user';
import { useSearchUsers } from '../api/search-users';
import { isAccessLevel, useLevelOptions } from './share-levels';

export interface ShareSearchProps {
  itemId: string;
  /** People already on the list, left out of the search results. */
  sharedUserIds: ReadonlySet<string>;
}

/** The user search (≥ 2 characters, leading-edge throttle), a level and 'Add'. */
export function ShareSearch({ itemId, sharedUserIds }: ShareSearchProps) {
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
