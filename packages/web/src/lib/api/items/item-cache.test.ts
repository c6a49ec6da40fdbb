import type { Item } from '@nestbox/shared/items/item.schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itemFixture } from '../../../test/item-fixture';
import { itemKey } from './get-item';
import { type ItemsForPane, itemsForPaneKey } from './get-items-for-pane';
import { patchItemEverywhere, removeItemFromPanes, restoreSnapshot } from './item-cache';

const item = itemFixture;

function cacheWithPane() {
  const queryClient = new QueryClient();
  const pane: ItemsForPane = {
    item: item('box', { itemType: 'todoBox', parentItemId: null, subItemsIndex: ['a', 'b'] }),
    items: [item('a'), item('b')],
  };
  queryClient.setQueryData(itemsForPaneKey('box'), pane);
  queryClient.setQueryData(itemKey('a'), item('a'));
  return queryClient;
}

describe('optimistic item changes in the caches', () => {
  it('patches an item in its parent pane and in its details, and puts everything back', async () => {
    const queryClient = cacheWithPane();
    const before = await patchItemEverywhere(queryClient, 'a', { prioritizable: true });
    expect(queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'))?.items[0]?.prioritizable).toBe(
      true,
    );
    expect(queryClient.getQueryData<Item>(itemKey('a'))?.prioritizable).toBe(true);
    expect(queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'))?.items[1]?.prioritizable).toBe(
      false,
    );
    restoreSnapshot(queryClient, before);
    expect(queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'))?.items[0]?.prioritizable).toBe(
      false,
    );
    expect(queryClient.getQueryData<Item>(itemKey('a'))?.prioritizable).toBe(false);
  });

  it('takes an item out of the panes (list and index), and brings it back on failure', async () => {
    const queryClient = cacheWithPane();
    const before = await removeItemFromPanes(queryClient, 'a');
    const pane = queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'));
    expect(pane?.items.map((i) => i._id)).toEqual(['b']);
    expect(pane?.item.subItemsIndex).toEqual(['b']);
    restoreSnapshot(queryClient, before);
    expect(queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'))?.items.map((i) => i._id)).toEqual([
      'a',
      'b',
    ]);
  });
});
