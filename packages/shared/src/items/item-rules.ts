import { BOX_TITLE_MAX_LENGTH, RESERVED_BOX_TITLES } from '../constants.js';
import type { MessageKey } from '../i18n/messages.en-gb.js';

/** Characters that show as nothing (zero-width spaces and joiners, soft hyphens, BOMs…). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A title as it reads, for comparing names: NFKC-normalised (full-width and other look-alike
 * letters become plain ones), invisible characters removed, trimmed, in lower case.
 */
export function foldedTitle(title: string): string {
  return title.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase();
}

/**
 * Checks a box title (SPEC §5): required, at most BOX_TITLE_MAX_LENGTH characters once
 * trimmed; 'Workspace' and 'Favourites' are reserved, and so is any title containing
 * "workspace" in any case, compared as the title reads (foldedTitle), so look-alike letters
 * and invisible characters do not get round it. Returns the message key, or undefined.
 */
export function boxTitleError(title: string): MessageKey | undefined {
  const trimmed = title.trim();
  const folded = foldedTitle(title);
  if (!folded) return 'validation.box.title.required';
  if (trimmed.length > BOX_TITLE_MAX_LENGTH) return 'validation.box.title.tooLong';
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

/** The catalogue keys that stand for an item's title when it has none to show. */
export type TitleKey = 'pane.rootTitle' | 'pane.noTitle' | 'item.text.label';

/**
 * What shows as an item's title: a Workspace is always called so (in the reader's language);
 * otherwise its own title, or, when that is empty, "No title" for a box and "Text" for a text.
 */
export function displayTitle(item: {
  title: string | null;
  isRootBox?: boolean;
  itemType?: 'todoBox' | 'todoText';
}): { title: string } | { key: TitleKey } {
  if (item.isRootBox) return { key: 'pane.rootTitle' };
  if (item.title?.trim()) return { title: item.title };
  return { key: item.itemType === 'todoText' ? 'item.text.label' : 'pane.noTitle' };
}
