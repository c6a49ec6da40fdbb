import type { Abilities, Item } from '@nestbox/shared/items/item.schema';

const NONE: Abilities = {
  edit: false,
  archive: false,
  share: false,
  changeLevels: false,
  move: false,
  prioritize: false,
  setReminders: false,
};

/**
 * What the signed-in person may do with an item, as the server's policy decided it. The one
 * way components ask: none of them derives a permission from the access level itself. An item
 * not loaded yet allows nothing.
 */
export function useAbilities(item: Pick<Item, 'abilities'> | undefined): Abilities {
  return item?.abilities ?? NONE;
}
