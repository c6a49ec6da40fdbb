import { displayTitle } from '@nestbox/shared/items/item-rules';
import type { TFunction } from 'i18next';

type Titled = Parameters<typeof displayTitle>[0];

/** The title an item shows, by the shared rule, in the language of `t`. */
export function displayTitleIn(t: TFunction, item: Titled): string {
  const shown = displayTitle(item);
  return 'title' in shown ? shown.title : t(shown.key);
}
