import type { Abilities } from './item.schema.js';
import type { AccessLevel, ItemType } from './item-values.js';

/**
 * What each level may do with an item (SPEC §6), and what the item itself allows: owners and
 * editors change items, readonly members only read; only owners share and change levels; a
 * Workspace (root box) is never archived, moved, renamed or shared. A member's own state
 * (favourite, prioritizable, reminders) is personal: any level may set it. The server puts
 * these on every item it answers; the web app uses the same rule for an item it shows before
 * the server has it.
 */
export function abilitiesOf(level: AccessLevel, item: { isRootBox: boolean; itemType: ItemType }): Abilities {
  const edit = level !== 'readonly';
  const owner = level === 'owner';
  return {
    edit,
    archive: edit && !item.isRootBox,
    move: edit && !item.isRootBox,
    share: owner && !item.isRootBox,
    changeLevels: owner && !item.isRootBox,
    prioritize: item.itemType === 'todoText',
    setReminders: true,
  };
}
