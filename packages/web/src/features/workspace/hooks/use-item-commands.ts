import type { Item } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useArchive } from '../../../hooks/use-archive';
import { openItemSettings } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { occurrenceOf, setItemCompleted } from '../../../lib/api/items/complete-item';
import { ALL_ITEMS_FOR_PANE_KEY } from '../../../lib/api/items/get-items-for-pane';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { displayTitleIn } from '../../../lib/display-title';
import { notify } from '../../../lib/notify';
import { useOfferUndo } from '../../../lib/undo';

/** How long the word after a key stays (the row itself shows no star or flag). */
const NOTICE_MS = 3_000;

/**
 * What a key does to a selected item wherever its row is (a pane, the Organizer): archive,
 * star, prioritise, open Item settings at a section. Each does only what the person's
 * abilities allow, as the hover menu does; anything else says, briefly, that the item is read
 * only. Each answers once it is done (or refused), so a list can refresh after it.
 */
export function useItemCommands() {
  const { t } = useTranslation();
  const { archive } = useArchive();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const offerUndo = useOfferUndo();
  const completeText = useMutation({
    mutationFn: setItemCompleted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
  });

  const refuse = (message: string = t('shortcuts.readonly')) => {
    notify({ type: 'info', message, timeout: NOTICE_MS });
    return Promise.resolve();
  };
  const told = (message: string) => notify({ type: 'success', message, timeout: NOTICE_MS });

  return {
    /** Says that the item is read only. */
    refuse,
    /** Says, briefly, what a key did. */
    tell: told,
    /** The one archive flow (useArchive), with its notification. */
    archive: (item: Item): Promise<void> => (item.abilities.archive ? archive(item) : refuse()),
    /** Stars or unstars: personal, so anyone who sees the item may. */
    toggleFavourite: (item: Item): Promise<void> => {
      const title = displayTitleIn(t, item);
      return updateItem.mutateAsync({ itemId: item._id, favourited: !item.favourited }).then(
        () => told(t(item.favourited ? 'shortcuts.unfavourited' : 'shortcuts.favourited', { title })),
        (error: unknown) => notifyFailure(error, 'boxes.textSaveFailed'),
      );
    },
    /**
     * Puts a text in the Organizer (personal too, texts only); one already there stays: the
     * key never takes an item out.
     */
    prioritise: (item: Item): Promise<void> => {
      if (!item.abilities.prioritize) {
        return item.abilities.edit ? refuse(t('itemMenu.prioritiseTextsOnly')) : refuse();
      }
      const title = displayTitleIn(t, item);
      if (item.prioritizable) {
        told(t('shortcuts.alreadyInOrganiser', { title }));
        return Promise.resolve();
      }
      return updateItem.mutateAsync({ itemId: item._id, prioritizable: true }).then(
        () => told(t('shortcuts.prioritised', { title })),
        (error: unknown) => notifyFailure(error, 'boxes.textSaveFailed'),
      );
    },
    /**
     * Marks a text done from outside its pane (the Organizer; a pane completes its own rows, a
     * box after asking), with Undo offered as everywhere.
     */
    completeText: (item: Item): Promise<void> => {
      if (!item.abilities.edit || item.itemType !== 'todoText') return refuse();
      return completeText
        .mutateAsync({ itemId: item._id, completed: true, occurrence: occurrenceOf(item) })
        .then(
          ({ undoId }) => offerUndo(undoId, t('undo.completed')),
          (error: unknown) => notifyFailure(error, 'boxes.textSaveFailed'),
        );
    },
    /**
     * Item settings at its target date, its sharing or its note, the focus on the section's
     * first control; `onClose` runs once it closes. A note opens for reading too.
     */
    openSettingsAt: (item: Item, section: 'targetDate' | 'share' | 'note', onClose?: () => void): void => {
      if (item.abilities.edit || section === 'note')
        openItemSettings(item._id, section, { focus: true, ...(onClose ? { onClose } : {}) });
      else void refuse();
    },
  };
}

export type ItemCommands = ReturnType<typeof useItemCommands>;
