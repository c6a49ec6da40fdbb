import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { appErrors } from '../../http/app-error.js';

/** What each level may do (SPEC §6): owners and editors change items, readonly only reads, only owners share. */
export const ITEM_ABILITIES = {
  read: ['owner', 'editor', 'readonly'],
  edit: ['owner', 'editor'],
  share: ['owner'],
} as const satisfies Record<string, readonly AccessLevel[]>;

export type ItemAbility = keyof typeof ITEM_ABILITIES;

/**
 * Allows an ability or throws: 404 when the item is unknown or not shared with the caller
 * (no existence leak), 403 when the caller's level is too low.
 */
export function authorizeItem(level: AccessLevel | undefined, ability: ItemAbility): AccessLevel {
  if (!level) throw appErrors.notFound();
  if (!(ITEM_ABILITIES[ability] as readonly AccessLevel[]).includes(level)) throw appErrors.forbidden();
  return level;
}
