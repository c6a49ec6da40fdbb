import type { ItemsForPane } from '@nestbox/shared/items/item.schema';
import { describe, expect, it } from 'vitest';
import { itemFixture as item } from '../../../test/item-fixture';
import {
  isPaneComplete,
  paneFromFirstPage,
  paneHolds,
  paneRows,
  paneWithItem,
  paneWithoutItem,
  paneWithPage,
} from './pane-contents';

const box = (index: string[]) => item('box', { itemType: 'todoBox', subItemsIndex: index });
/** Contents whose order is `index` and whose loaded items are `loaded`. */
const contents = (index: string[], loaded: string[]): ItemsForPane => ({
  item: box(index),
  items: loaded.map((id) => item(id)),
});
const ids = (pane: ItemsForPane) => pane.items.map((child) => child._id);
/** Rows as ids, a row still loading in brackets. */
const shape = (pane: ItemsForPane) =>
  paneRows(pane).map((row) => (typeof row === 'string' ? `[${row}]` : row._id));

describe('pane contents loaded in pages', () => {
  it('lays out every row from the order, with the ids of rows still loading', () => {
    const first = contents(['a', 'b', 'c', 'd'], ['a', 'b']);
    expect(shape(first)).toEqual(['a', 'b', '[c]', '[d]']);
    expect(isPaneComplete(first)).toBe(false);
    expect(paneHolds(first, 'd')).toBe(true);
    expect(paneHolds(first, 'e')).toBe(false);
    const whole = contents(['a', 'b'], ['a', 'b']);
    expect(isPaneComplete(whole)).toBe(true);
    // Contents without an order (a box not shown in a pane) are their items.
    const plain: ItemsForPane = { item: item('box', { itemType: 'todoBox' }), items: [item('a')] };
    expect(shape(plain)).toEqual(['a']);
    expect(isPaneComplete(plain)).toBe(true);
  });

  it('fills in a later page in the order, leaving out items no longer in it', () => {
    const first = contents(['a', 'b', 'c', 'd'], ['a', 'b']);
    const next = paneWithPage(first, [item('c'), item('d'), item('gone')]);
    expect(ids(next)).toEqual(['a', 'b', 'c', 'd']);
    expect(isPaneComplete(next)).toBe(true);
    // An earlier row moved away meanwhile (its id left the order): its late page does not bring it back.
    const moved = paneWithoutItem(first, 'c');
    expect(shape(paneWithPage(moved, [item('c'), item('d')]))).toEqual(['a', 'b', 'd']);
  });

  it('starts from a first page, keeping the rows shown until their own page replaces them', () => {
    const shown = contents(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']);
    const page: ItemsForPane = {
      item: box(['b', 'e', 'c', 'd']),
      items: [item('b', { title: 'fresh' }), item('e')],
      next: 2,
    };
    const started = paneFromFirstPage(page, shown);
    expect(ids(started)).toEqual(['b', 'e', 'c', 'd']);
    expect(started.items[0]?.title).toBe('fresh');
    expect(started.items[2]).toBe(shown.items[2]);
    expect(started).not.toHaveProperty('next');
    expect(shape(paneFromFirstPage(page, undefined))).toEqual(['b', 'e', '[c]', '[d]']);
  });

  it('places a new item by its anchor or last, in the order and among the items', () => {
    const first = contents(['a', 'b', 'c', 'd'], ['a', 'b']);
    const after = paneWithItem(first, item('n'), { anchorId: 'a' });
    expect(shape(after)).toEqual(['a', 'n', 'b', '[c]', '[d]']);
    const before = paneWithItem(first, item('n'), { anchorId: 'b', side: 'before' });
    expect(shape(before)).toEqual(['a', 'n', 'b', '[c]', '[d]']);
    // Last means after every row, loaded or not.
    expect(shape(paneWithItem(first, item('n')))).toEqual(['a', 'b', '[c]', '[d]', 'n']);
    expect(shape(paneWithItem(first, item('n'), { anchorId: 'unknown' }))).toEqual([
      'a',
      'b',
      '[c]',
      '[d]',
      'n',
    ]);
  });

  it('takes out an item whether it is loaded or not', () => {
    const first = contents(['a', 'b', 'c', 'd'], ['a', 'b']);
    expect(shape(paneWithoutItem(first, 'a'))).toEqual(['b', '[c]', '[d]']);
    const unloaded = paneWithoutItem(first, 'c');
    expect(shape(unloaded)).toEqual(['a', 'b', '[d]']);
    expect(unloaded.item.subItemsIndex).toEqual(['a', 'b', 'd']);
  });
});
