import type { Comment, CommentList } from '@nestbox/shared/comments/comments.schema';
import type { Item } from '@nestbox/shared/items/item.schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itemKey } from '../../../lib/api/items/get-item';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { itemFixture } from '../../../test/item-fixture';
import { changeThread, commentsKey } from './get-comments';

const comment = (id: string): Comment => ({
  id,
  itemId: 'a',
  body: id,
  author: { id: 'u1', name: 'Ada' },
  createdAt: 0,
  editedAt: null,
  mentions: [],
  canEdit: true,
  canDelete: true,
});

function cacheWithThread(comments: Comment[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<ItemsForPane>(itemsForPaneKey('box'), {
    item: itemFixture('box', { itemType: 'todoBox', parentItemId: null }),
    items: [itemFixture('a', { commentCount: comments.length }), itemFixture('b')],
  });
  queryClient.setQueryData(itemKey('a'), itemFixture('a', { commentCount: comments.length }));
  queryClient.setQueryData<CommentList>(commentsKey('a'), { comments });
  return queryClient;
}

const rowCount = (queryClient: QueryClient, index: number) =>
  queryClient.getQueryData<ItemsForPane>(itemsForPaneKey('box'))?.items[index]?.commentCount;

describe('a comment written in this tab', () => {
  it('changes the thread, and the count on the item’s row and in its details', () => {
    const queryClient = cacheWithThread([comment('c1')]);
    changeThread(queryClient, 'a', (comments) => [...comments, comment('c2')]);
    expect(queryClient.getQueryData<CommentList>(commentsKey('a'))?.comments.map(({ id }) => id)).toEqual([
      'c1',
      'c2',
    ]);
    expect(rowCount(queryClient, 0)).toBe(2);
    expect(rowCount(queryClient, 1)).toBe(0);
    expect(queryClient.getQueryData<Item>(itemKey('a'))?.commentCount).toBe(2);

    changeThread(queryClient, 'a', (comments) => comments.filter(({ id }) => id !== 'c1'));
    expect(rowCount(queryClient, 0)).toBe(1);
  });

  it('leaves the counts alone when no thread is held to count', () => {
    const queryClient = cacheWithThread([comment('c1')]);
    queryClient.removeQueries({ queryKey: commentsKey('a') });
    changeThread(queryClient, 'a', () => []);
    expect(rowCount(queryClient, 0)).toBe(1);
  });
});
