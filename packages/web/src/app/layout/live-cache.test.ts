import type { Item } from '@nestbox/shared/items/item.schema';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { itemKey } from '../../lib/api/items/get-item';
import { type ItemsForPane, itemsForPaneKey } from '../../lib/api/items/get-items-for-pane';
import { itemFixture } from '../../test/item-fixture';
import { applyAddItem, applyUpdateItem } from './live-cache';

const item = itemFixture;

describe('live cache patches', () => {
  let client: QueryClient;
  const box = item('box', { itemType: 'todoBox', parentItemId: 'root', subItemsIndex: ['a', 'b'] });
  const pane = () => client.getQueryData<ItemsForPane>(itemsForPaneKey('box'));
  const stale = (id: string) => client.getQueryState(itemsForPaneKey(id))?.isInvalidated;

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(itemsForPaneKey('box'), { item: box, items: [item('a'), item('b')] });
    client.setQueryData(itemsForPaneKey('root'), {
      item: item('root', { itemType: 'todoBox', isRootBox: true, parentItemId: null }),
      items: [box],
    });
  });

  it('shows an added item in its open box at once and refetches that box for its place', () => {
    applyAddItem(client, { item: item('c'), parentItemId: 'box' });
    expect(pane()?.items.map((child) => child._id)).toEqual(['a', 'b', 'c']);
    expect(pane()?.item.subItemsIndex).toEqual(['a', 'b', 'c']);
    expect(stale('box')).toBe(true);
    expect(stale('root')).toBe(false);
  });

  it('refetches the root box for an item whose parent is not open here (a share)', () => {
    applyAddItem(client, { item: item('shared', { parentItemId: 'elsewhere' }), parentItemId: 'elsewhere' });
    expect(stale('root')).toBe(true);
    expect(stale('box')).toBe(false);
  });

  it('patches a changed title in place without refetching, in the pane and in open Item settings', () => {
    client.setQueryData(itemKey('b'), item('b'));
    applyUpdateItem(client, { itemId: 'b', updatedFields: { title: 'new words' }, removedFields: [] });
    expect(pane()?.items[1]?.title).toBe('new words');
    expect(client.getQueryData<Item>(itemKey('b'))?.title).toBe('new words');
    expect(stale('box')).toBe(false);
  });

  it('reads a pane again when a change lands during a read begun before it, so the old words stay gone', async () => {
    let answer: (value: ItemsForPane) => void = () => {};
    const older = { item: box, items: [item('a'), item('b', { title: 'old words' })] };
    // A read under way (the page's own refetch after a save), answering with what it read before.
    const read = client
      .fetchQuery({
        queryKey: itemsForPaneKey('box'),
        queryFn: () => new Promise<ItemsForPane>((resolve) => (answer = resolve)),
      })
      .catch(() => 'given up');
    applyUpdateItem(client, { itemId: 'b', updatedFields: { title: 'new words' }, removedFields: [] });
    expect(pane()?.items[1]?.title).toBe('new words');
    answer(older);
    expect(await read).toBe('given up');
    // The older answer was given up for a new read: it never replaced the patched row.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pane()?.items[1]?.title).toBe('new words');
    expect(stale('box')).toBe(true);
  });

  it('drops an item completed elsewhere when the box hides completed items, and archived ones', () => {
    applyUpdateItem(client, { itemId: 'a', updatedFields: { completed: true }, removedFields: [] });
    expect(pane()?.items.map((child) => child._id)).toEqual(['b']);
    applyUpdateItem(client, { itemId: 'b', updatedFields: { archivedDate: 5 }, removedFields: [] });
    expect(pane()?.items).toEqual([]);
  });

  it('moves an item out of its old box and refetches the box it went to', () => {
    client.setQueryData(itemsForPaneKey('other'), {
      item: item('other', { itemType: 'todoBox', parentItemId: 'root' }),
      items: [],
    });
    applyUpdateItem(client, { itemId: 'a', updatedFields: { parentItemId: 'other' }, removedFields: [] });
    expect(pane()?.items.map((child) => child._id)).toEqual(['b']);
    expect(stale('other')).toBe(true);
  });

  it('removes an item whose share ended, and refetches a pane showing it', () => {
    applyUpdateItem(client, { itemId: 'box', updatedFields: {}, removedFields: ['access'] });
    expect(client.getQueryData<ItemsForPane>(itemsForPaneKey('root'))?.items).toEqual([]);
    expect(stale('box')).toBe(true);
  });

  it('refetches what shows an item whose level changed, Item settings included', () => {
    client.setQueryData(itemKey('a'), item('a'));
    applyUpdateItem(client, { itemId: 'a', updatedFields: {}, removedFields: [] });
    expect(client.getQueryState(itemKey('a'))?.isInvalidated).toBe(true);
    expect(stale('box')).toBe(true);
    expect(pane()?.items).toHaveLength(2);
  });

  describe('in a pane still loading its later pages', () => {
    beforeEach(() => {
      client.setQueryData(itemsForPaneKey('box'), {
        item: { ...box, subItemsIndex: ['a', 'b', 'c', 'd'] },
        items: [item('a'), item('b')],
      });
    });
    const rows = () => pane()?.item.subItemsIndex;

    it('adds an item after every row, loaded or not', () => {
      applyAddItem(client, { item: item('e'), parentItemId: 'box' });
      expect(rows()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(pane()?.items.map((child) => child._id)).toEqual(['a', 'b', 'e']);
    });

    it('reads the pane again for a change to a row not loaded yet, and drops it when the share ended', () => {
      applyUpdateItem(client, { itemId: 'c', updatedFields: { title: 'new words' }, removedFields: [] });
      expect(stale('box')).toBe(true);
      expect(rows()).toEqual(['a', 'b', 'c', 'd']);

      applyUpdateItem(client, { itemId: 'd', updatedFields: {}, removedFields: ['access'] });
      expect(rows()).toEqual(['a', 'b', 'c']);
    });
  });
});
