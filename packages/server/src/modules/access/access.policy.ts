import type { Abilities, AccessLevel, ItemType } from '@nestbox/shared/items/item.schema';
import { appErrors } from '../../http/app-error.js';

/**
 * What each level may do with an item (SPEC §6), and what the item itself allows: owners and
 * editors change items, readonly members only read; only owners share and change levels; a
 * Workspace (root box) is never archived, moved, renamed or shared. A member's own state
 * (favourite, prioritizable, reminders) is personal: any level may set it.
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

/** What a route asks of the caller's level before the item itself is read. */
const LEVELS_FOR = {
  read: ['owner', 'editor', 'readonly'],
  edit: ['owner', 'editor'],
  share: ['owner'],
} as const satisfies Record<string, readonly AccessLevel[]>;

export type LevelCheck = keyof typeof LEVELS_FOR;

/**
 * Allows a level check or throws: 404 when the item is unknown or not shared with the caller
 * (no existence leak), 403 when the caller's level is too low.
 */
export function authorizeLevel(level: AccessLevel | undefined, check: LevelCheck): AccessLevel {
  if (!level) throw appErrors.notFound();
  if (!(LEVELS_FOR[check] as readonly AccessLevel[]).includes(level)) throw appErrors.forbidden();
  return level;
}
