import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { appErrors } from '../../http/app-error.js';

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
