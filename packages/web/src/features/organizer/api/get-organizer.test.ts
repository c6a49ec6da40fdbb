import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itemFixture } from '../../../test/item-fixture';
import { joinOrganizerPages, organizerKey, patchOrganizerItems } from './get-organizer';

const row = (id: string, fields: Partial<OrganizerItem> = {}) =>
  itemFixture<OrganizerItem>(id, { prioritizable: true, parentTitle: 'Box', ...fields });
const page = (items: OrganizerItem[], next: OrganizerPage['next']): OrganizerPage => ({
  organizerItems: items,
  parentOrganizerItems: { box: { _id: 'box', title: 'Box' } },
  next,
});
const cursor = { prioritizedOffset: 2, unprioritizedOffset: 2 };

describe('the Organizer in pages', () => {
  it('joins the pages in order, keeps an item met twice once, and is complete after the last page', () => {
    const first = page([row('a', { priority: 1 }), row('x')], cursor);
    const loading: InfiniteData<OrganizerPage, typeof cursor | null> = { pages: [first], pageParams: [null] };
    expect(joinOrganizerPages(loading)).toMatchObject({ complete: false });
    // 'a' was ranked lower while pages loaded: the offsets shifted and the next page repeats it.
    const second = page([row('a', { priority: 1 }), row('b', { priority: 2 }), row('y')], null);
    const whole = joinOrganizerPages({ pages: [first, second], pageParams: [null, cursor] });
    expect(whole.organizerItems.map((item) => item._id)).toEqual(['a', 'x', 'b', 'y']);
    expect(whole.parentOrganizerItems.box?.title).toBe('Box');
    expect(whole.complete).toBe(true);
  });

  it('patches an item in whichever page holds it, and answers the cache before', () => {
    const queryClient = new QueryClient();
    const data = {
      pages: [page([row('a')], cursor), page([row('b')], null)],
      pageParams: [null, cursor],
    };
    queryClient.setQueryData(organizerKey, data);
    const before = patchOrganizerItems(queryClient, (item) =>
      item._id === 'b' ? { ...item, priority: 5 } : item,
    );
    expect(before).toBe(data);
    const after = queryClient.getQueryData<typeof data>(organizerKey);
    expect(after?.pages[1]?.organizerItems[0]?.priority).toBe(5);
    expect(after?.pages[0]?.organizerItems[0]).toBe(data.pages[0]?.organizerItems[0]);
  });
});
