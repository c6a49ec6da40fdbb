import type { HotkeyItem } from '@mantine/hooks';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { UpcomingItem } from '@nestbox/shared/upcoming/upcoming.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { openItemSettings } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { SHORTCUT_KEYS } from '../../../lib/shortcuts';
import { patchUpcoming, restoreUpcoming, upcomingKey } from '../api/get-upcoming';
import { movedToDay } from '../upcoming-groups';

/**
 * What Upcoming asks of the flows that own items (the app hands them over): marking a text
 * done, with its Undo. It answers once done (or refused: read only).
 */
export interface UpcomingCommands {
  completeText: (item: Item) => Promise<void>;
}

/**
 * Upcoming's actions on a text: move it to another day (at once on screen, then through
 * Item settings' own call, which offers Undo), mark it done (it leaves the list at once),
 * open Item settings; and the keys of a selected row for them.
 */
export function useUpcomingActions(commands: UpcomingCommands, today: string) {
  const queryClient = useQueryClient();
  const user = useUser();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: upcomingKey }),
    [queryClient],
  );

  const moveToDay = useCallback(
    (item: UpcomingItem, day: string) => {
      if (!item.abilities.edit || item.day === day || item.priorityTargetDate === null) return;
      const moved = movedToDay(item, day, today, user.timezone);
      const before = patchUpcoming(queryClient, (items) =>
        items.map((candidate) => (candidate._id === item._id ? moved : candidate)),
      );
      updateItem.mutate(
        {
          itemId: item._id,
          priorityTargetDate: moved.priorityTargetDate,
          targetHasTime: moved.targetHasTime ?? false,
        },
        {
          onError: (error) => {
            restoreUpcoming(queryClient, before);
            notifyFailure(error, 'boxes.textSaveFailed');
          },
        },
      );
    },
    [queryClient, today, user.timezone, updateItem, notifyFailure],
  );

  const complete = useCallback(
    async (item: UpcomingItem) => {
      if (!item.abilities.edit) return commands.completeText(item);
      const before = patchUpcoming(queryClient, (items) =>
        items.filter((candidate) => candidate._id !== item._id),
      );
      try {
        await commands.completeText(item);
      } catch {
        restoreUpcoming(queryClient, before);
      }
      refresh();
    },
    [commands, queryClient, refresh],
  );

  const openSettings = useCallback(
    (item: UpcomingItem, section?: 'targetDate' | 'share', fromKeyboard = false) =>
      openItemSettings(item._id, section, { focus: fromKeyboard, onClose: refresh }),
    [refresh],
  );

  const itemShortcuts = useCallback(
    (items: readonly UpcomingItem[]) =>
      (itemId: string): HotkeyItem[] => {
        const item = items.find((candidate) => candidate._id === itemId);
        if (!item) return [];
        const K = SHORTCUT_KEYS;
        return [
          [K.edit, () => openSettings(item)],
          [K.complete, () => void complete(item)],
          [K.targetDate, () => openSettings(item, 'targetDate', true)],
          [K.share, () => openSettings(item, 'share', true)],
        ];
      },
    [openSettings, complete],
  );

  return { moveToDay, complete, openSettings, itemShortcuts };
}
