import type { BoxType, ItemType } from './item-values.js';

/**
 * Whether a new item joins its creator's Unprioritized list as it is created (SPEC §2 Box
 * settings, 'Automatically add new items to my Unprioritized list'): a text created in a todo
 * box that has the switch on. The server applies it when it creates the item; the web app
 * shows a text it has not sent yet the same way.
 */
export function joinsUnprioritized(
  itemType: ItemType,
  box: { boxType: BoxType; autoAddToUnprioritized: boolean },
): boolean {
  return itemType === 'todoText' && box.boxType === 'todo' && box.autoAddToUnprioritized;
}
