import { ActionIcon, Tooltip } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import {
  IconCalendarEvent,
  IconDots,
  IconFlag,
  IconFlagFilled,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../../hooks/use-abilities';
import { useArchive } from '../../../hooks/use-archive';
import { type ItemSettingsSection, openItemSettings } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { useDragInProgress } from '../hooks/use-drag-in-progress';
import classes from './item-hover-menu.module.css';

export interface MenuButtonProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  pressed?: boolean;
  color?: string;
}

/** One icon button of the menu (the menu is gone while something is dragged, tooltips with it). */
export function MenuButton({ label, onClick, children, disabled, pressed, color = 'gray' }: MenuButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        className={classes.button}
        variant="subtle"
        color={color}
        size="md"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The menu's buttons, mounted only while it is open; hidden while something is dragged. */
export function MenuButtons({ item, hide }: { item: Item; hide: () => void }) {
  const { t } = useTranslation();
  const dragging = useDragInProgress();
  const updateItem = useUpdateItem();
  const { archive } = useArchive();
  const notifyFailure = useNotifyFailure();
  const abilities = useAbilities(item);

  const openSettings = (scrollTo?: ItemSettingsSection) => {
    hide();
    openItemSettings(item._id, scrollTo);
  };

  const handlePrioritise = () => {
    hide();
    // The menu (and this hook's observer) closes at once: the outcome comes from the promise.
    updateItem
      .mutateAsync({ itemId: item._id, prioritizable: !item.prioritizable })
      .catch((error: unknown) => notifyFailure(error, 'boxes.textSaveFailed'));
  };

  const handleArchive = () => {
    hide();
    void archive(item);
  };

  const prioritiseLabel = item.prioritizable ? t('itemMenu.unprioritise') : t('itemMenu.prioritise');

  if (dragging) return null;
  return (
    <div className={classes.menu} data-readonly={!abilities.edit || undefined}>
      <MenuButton label={t('itemMenu.moreOptions')} onClick={() => openSettings()}>
        <IconDots size={18} stroke={1.7} />
      </MenuButton>
      {/* Prioritising is personal: whoever may, may at any level; an editor learns why a box may not. */}
      {(abilities.prioritize || abilities.edit) && (
        <MenuButton
          label={abilities.prioritize ? prioritiseLabel : t('itemMenu.prioritiseTextsOnly')}
          onClick={handlePrioritise}
          disabled={!abilities.prioritize}
          pressed={abilities.prioritize ? item.prioritizable : undefined}
          color={item.prioritizable ? 'nest' : 'gray'}
        >
          {item.prioritizable ? <IconFlagFilled size={17} /> : <IconFlag size={18} stroke={1.7} />}
        </MenuButton>
      )}
      {!abilities.edit ? (
        <span className={classes.readonly}>{t('item.readonly')}</span>
      ) : (
        <>
          <MenuButton label={t('itemMenu.targetDate')} onClick={() => openSettings('targetDate')}>
            <IconCalendarEvent size={18} stroke={1.7} />
          </MenuButton>
          <MenuButton label={t('itemMenu.share')} onClick={() => openSettings('share')}>
            <IconShare size={18} stroke={1.7} />
          </MenuButton>
          {abilities.archive && (
            <MenuButton label={t('item.archive')} onClick={handleArchive}>
              <IconTrash size={18} stroke={1.7} />
            </MenuButton>
          )}
        </>
      )}
    </div>
  );
}
