import { RESERVED_BOX_TITLES } from '../constants.js';
import type { MessageKey } from '../i18n/messages.en-gb.js';

/**
 * Checks a box title (SPEC §5): required; 'Workspace' and 'Favourites' are reserved, and so
 * is any title containing "workspace" in any case. Returns the message key, or undefined.
 */
export function boxTitleError(title: string): MessageKey | undefined {
  const trimmed = title.trim();
  if (!trimmed) return 'validation.box.title.required';
  const folded = trimmed.toLowerCase();
  if (folded.includes('workspace')) return 'pane.item.box.save.failure.reserved.name';
  if (RESERVED_BOX_TITLES.some((reserved) => reserved.toLowerCase() === folded)) {
    return 'validation.box.title.reservedFavourites';
  }
  return undefined;
}

/**
 * Does a pane show this sub-item (SPEC §4)? Never when archived; when completed, only if the
 * box's 'Show completed items' is on.
 */
export function isVisibleSubItem(
  item: { archivedDate: number | null; completed: boolean },
  showCompleted: boolean,
) {
  return item.archivedDate === null && (showCompleted || !item.completed);
}
