import type { HotkeyItem } from '@mantine/hooks';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayTitleIn } from '../../../lib/display-title';
import { SHORTCUT_KEYS } from '../../../lib/shortcuts';
import { organizerKey, removeOrganizerItem } from '../api/get-organizer';

/**
 * What keys do to an item wherever it shows: archive, mark done, star, open Item settings at a
 * section. The workspace owns these flows; the app hands them to the Organizer. Each answers
 * once done (or refused: read only).
 */
export interface ItemKeyCommands {
  refuse: () => Promise<void>;
  /** Says, briefly, what a key did. */
  tell: (message: string) => void;
  archive: (item: Item) => Promise<void>;
  completeText: (item: Item) => Promise<void>;
  toggleFavourite: (item: Item) => Promise<void>;
  openSettingsAt: (item: Item, section: 'targetDate' | 'share' | 'note', onClose?: () => void) => void;
}

interface OrganizerKeysContext {
  items: readonly OrganizerItem[];
  commands: ItemKeyCommands;
  onOpen: (item: OrganizerItem) => void;
  moveBy: (item: OrganizerItem, by: -1 | 1) => void;
  pinToToday: (item: OrganizerItem) => void;
  /** Ranks an Unprioritized item at the end of the Prioritized group its date puts it in. */
  prioritise: (item: OrganizerItem) => void;
}

/**
 * The keys of a selected Organizer row, beyond those that move the selection: Enter opens the
 * item in the workspace, P moves an Unprioritized item to the Prioritized list (never out of
 * it), Alt+↑ / Alt+↓ move it up or down the Prioritized list, Ctrl+T pins it, and the item
 * keys of the panes. An item that leaves the Organizer (done, archived) goes from its list at
 * once; the lists are read again once it is settled, and after Item settings closes.
 */
export function useOrganizerKeys({
  items,
  commands,
  onOpen,
  moveBy,
  pinToToday,
  prioritise,
}: OrganizerKeysContext) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizerKey });
  const leave = async (item: OrganizerItem, allowed: boolean, run: () => Promise<void>) => {
    if (allowed) removeOrganizerItem(queryClient, item._id);
    await run();
    if (allowed) await refresh();
  };

  return (itemId: string): HotkeyItem[] => {
    const item = items.find((candidate) => candidate._id === itemId);
    if (!item) return [];
    const K = SHORTCUT_KEYS;
    const { edit, archive } = item.abilities;
    const archiveItem = () => void leave(item, archive, () => commands.archive(item));
    const ranked = item.priority !== null;
    const prioritiseItem = () => {
      const title = displayTitleIn(t, item);
      if (ranked) return commands.tell(t('shortcuts.alreadyPrioritized', { title }));
      prioritise(item);
      commands.tell(t('shortcuts.movedToPrioritized', { title }));
    };
    return [
      [K.edit, () => onOpen(item)],
      [K.complete, () => void leave(item, edit, () => commands.completeText(item))],
      [K.moveUp, () => ranked && moveBy(item, -1)],
      [K.moveDown, () => ranked && moveBy(item, 1)],
      [K.pinToToday, () => pinToToday(item)],
      [K.archive, archiveItem],
      [K.archiveOnMac, archiveItem],
      [K.favourite, () => void commands.toggleFavourite(item)],
      [K.prioritise, prioritiseItem],
      [K.targetDate, () => commands.openSettingsAt(item, 'targetDate', () => void refresh())],
      [K.share, () => commands.openSettingsAt(item, 'share')],
      [K.note, () => commands.openSettingsAt(item, 'note', () => void refresh())],
    ];
  };
}
