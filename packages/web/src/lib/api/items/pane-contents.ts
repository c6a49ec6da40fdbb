import type { Item, ItemsForPane } from '@nestbox/shared/items/item.schema';

/*
 * A pane's contents as the cache holds them, whole or still loading. The box's
 * `subItemsIndex` is the order of every visible sub-item (the first page brings it); `items`
 * are those loaded so far, in that order. A large box loads in pages, so for a moment some ids
 * of the index have no item yet: their rows wait as placeholders. Every change to the cached
 * contents goes through these functions, which keep the index and the items in step.
 */

/** A row of a pane: its item, or only its id (a string) while its page is on its way. */
export type PaneRow = Item | string;

/** The order of every visible sub-item (the items themselves for contents without an index). */
function indexOf(pane: ItemsForPane): readonly string[] {
  return pane.item.subItemsIndex ?? pane.items.map((item) => item._id);
}

/** The items of `index` found in `byId`, in the index's order. */
function inOrder(index: readonly string[], byId: ReadonlyMap<string, Item>): Item[] {
  return index.flatMap((id) => byId.get(id) ?? []);
}

const byId = (items: readonly Item[]) => new Map(items.map((item) => [item._id, item]));

/** The pane's rows in order: each sub-item, or its id while it is still loading. */
export function paneRows(pane: ItemsForPane): PaneRow[] {
  const loaded = byId(pane.items);
  return indexOf(pane).map((id) => loaded.get(id) ?? id);
}

/** Whether every row of the pane has its item (nothing is left to load). */
export function isPaneComplete(pane: ItemsForPane): boolean {
  const loaded = new Set(pane.items.map((item) => item._id));
  return indexOf(pane).every((id) => loaded.has(id));
}

/** Whether the item is one of the pane's rows, loaded or not. */
export function paneHolds(pane: ItemsForPane, itemId: string): boolean {
  return indexOf(pane).includes(itemId);
}

/**
 * The contents a first page starts: its box and order, its items, and the rows `shown` already
 * had for the rest of the order (kept until their own page replaces them, so a refetch never
 * turns a row back into a placeholder). Rows no longer in the order are gone.
 */
export function paneFromFirstPage(first: ItemsForPane, shown: ItemsForPane | undefined): ItemsForPane {
  const rows = byId(shown?.items ?? []);
  for (const item of first.items) rows.set(item._id, item);
  return { item: first.item, items: inOrder(indexOf(first), rows) };
}

/** The contents with a later page's items in their places (items no longer in the order are left out). */
export function paneWithPage(pane: ItemsForPane, items: readonly Item[]): ItemsForPane {
  const rows = byId(pane.items);
  for (const item of items) rows.set(item._id, item);
  return { item: pane.item, items: inOrder(indexOf(pane), rows) };
}

/** The contents without one of their items (archived, moved away, hidden), loaded or not. */
export function paneWithoutItem(pane: ItemsForPane, itemId: string): ItemsForPane {
  return {
    item: { ...pane.item, subItemsIndex: indexOf(pane).filter((id) => id !== itemId) },
    items: pane.items.filter((item) => item._id !== itemId),
  };
}

/**
 * The contents with a new item before or after `anchorId`, or last when there is no anchor
 * (or it is not in the list).
 */
export function paneWithItem(
  pane: ItemsForPane,
  item: Item,
  { anchorId, side = 'after' }: { anchorId?: string | null | undefined; side?: 'before' | 'after' } = {},
): ItemsForPane {
  const index = indexOf(pane).filter((id) => id !== item._id);
  const anchorAt = anchorId ? index.indexOf(anchorId) : -1;
  if (anchorAt === -1) index.push(item._id);
  else index.splice(side === 'before' ? anchorAt : anchorAt + 1, 0, item._id);
  const rows = byId(pane.items);
  rows.set(item._id, item);
  return { item: { ...pane.item, subItemsIndex: index }, items: inOrder(index, rows) };
}
