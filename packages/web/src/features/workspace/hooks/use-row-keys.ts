import type { HotkeyItem } from '@mantine/hooks';
import type { Item } from '@nestbox/shared/items/item.schema';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
import { SHORTCUT_KEYS } from '../../../lib/shortcuts';
import { useItemCommands } from './use-item-commands';
import { useMoveDrop } from './use-move-drop';

/**
 * The keys of a box pane's selected row (beyond moving the selection), as far as the item's
 * abilities go: edit or rename, complete, move up and down among `items`, open a box in the
 * next pane, archive, favourite, prioritise, and Item settings at Target date or Share.
 */
export function useRowKeys({
  boxId,
  paneIndex,
  items,
  startEditing,
  startRenaming,
  setCompleted,
}: {
  /** The box the pane shows. */
  boxId: string;
  paneIndex: number;
  /** The box's items, in order. */
  items: Item[];
  startEditing: (item: Item) => void;
  startRenaming: (itemId: string) => void;
  setCompleted: (item: Item, completed: boolean) => void;
}): (item: Item) => HotkeyItem[] {
  const commands = useItemCommands();
  const moveDrop = useMoveDrop();
  const createPane = useCreatePane();
  const notifyFailure = useNotifyFailure();

  return (item: Item): HotkeyItem[] => {
    const K = SHORTCUT_KEYS;
    const { edit, move } = item.abilities;
    const moveBy = (by: number) => {
      if (!move) return void commands.refuse();
      const sourceIndex = items.findIndex((candidate) => candidate._id === item._id);
      const destIndex = sourceIndex + by;
      if (sourceIndex < 0 || destIndex < 0 || destIndex >= items.length) return;
      moveDrop({ sourceBoxId: boxId, sourceIndex, destBoxId: boxId, destIndex });
    };
    const archive = () => void commands.archive(item);
    return [
      [
        K.edit,
        () => {
          if (!edit) void commands.refuse();
          else if (item.itemType === 'todoBox') startRenaming(item._id);
          else startEditing(item);
        },
      ],
      [K.complete, () => (edit ? setCompleted(item, !item.completed) : void commands.refuse())],
      [K.moveUp, () => moveBy(-1)],
      [K.moveDown, () => moveBy(1)],
      [
        K.openInNextPane,
        () => {
          if (item.itemType !== 'todoBox') return;
          createPane.mutate(
            { pos: paneIndex + 1, itemId: item._id },
            { onError: (error) => notifyFailure(error, 'boxes.addFailed') },
          );
        },
      ],
      [K.archive, archive],
      [K.archiveOnMac, archive],
      [K.favourite, () => void commands.toggleFavourite(item)],
      [K.prioritise, () => void commands.prioritise(item)],
      [K.targetDate, () => commands.openSettingsAt(item, 'targetDate')],
      [K.share, () => commands.openSettingsAt(item, 'share')],
      [K.note, () => commands.openSettingsAt(item, 'note')],
    ];
  };
}
