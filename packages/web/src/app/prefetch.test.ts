import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemFixture } from '../test/item-fixture';
import { boxesInSight, prefetchFirstScreen } from './prefetch';

const pane = (id: string, type: 'box' | 'search', width = 400) => ({
  _id: id,
  itemId: type === 'box' ? `box-${id}` : null,
  type,
  scrollToItemId: null,
  width,
  search: null,
});
const workspace = (...panes: ReturnType<typeof pane>[]): Workspace => ({
  panes: Object.fromEntries(panes.map((p) => [p._id, p])),
  panesIndex: panes.map((p) => p._id),
  paneObjects: {},
});

/** The browser's storage, as far as the session needs it (the unit tests run in Node). */
function stubStorage() {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  vi.stubGlobal('window', { localStorage: storage });
  return storage;
}

describe('the first screen, fetched early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the boxes of the panes in sight, left to right, search panes aside', () => {
    const layout = workspace(pane('a', 'box'), pane('s', 'search'), pane('b', 'box', 300), pane('c', 'box'));
    // 30 + 400 + 400 = 830: 'b' starts in sight at 1280, 'c' at 1130 too; at 800, 'b' is out.
    expect(boxesInSight(layout, 1280)).toEqual(['box-a', 'box-b', 'box-c']);
    expect(boxesInSight(layout, 800)).toEqual(['box-a']);
    expect(boxesInSight(workspace(), 1280)).toEqual([]);
  });

  it("asks for the user, the Organizer's first page or the layout and then the panes in sight, only with a session", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        asked.push(url.replace(/^https?:\/\/[^/]+/, ''));
        // Each answer as its shared contract has it: the client checks them in tests.
        const body = url.includes('get-workspace-items')
          ? workspace(pane('a', 'box'), pane('b', 'box'))
          : url.includes('get-items-for-pane')
            ? { item: itemFixture('box', { itemType: 'todoBox' }), items: [] }
            : {};
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const storage = stubStorage();
    prefetchFirstScreen(new QueryClient(), '/app/boxes', 1280);
    expect(asked).toEqual([]);

    storage.setItem('nestbox.token', 'token');
    prefetchFirstScreen(new QueryClient(), '/login', 1280);
    expect(asked).toEqual([]);
    prefetchFirstScreen(new QueryClient(), '/app/organiser', 1280);
    await vi.waitFor(() =>
      expect(asked).toEqual([
        '/api/admin/users/get-user',
        '/api/items/get-organizer?limit=100&prioritizedOffset=0&unprioritizedOffset=0',
      ]),
    );

    asked.length = 0;
    const queryClient = new QueryClient();
    prefetchFirstScreen(queryClient, '/app/boxes', 1280);
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.slice(0, 2).sort()).toEqual(['/api/admin/users/get-user', '/api/items/get-workspace-items']);
    // The panes' first pages: a screenful each.
    expect(asked.slice(2)).toEqual([
      '/api/items/get-items-for-pane?itemId=box-a&limit=100',
      '/api/items/get-items-for-pane?itemId=box-b&limit=100',
    ]);
    expect(queryClient.getQueryData(['items-for-pane', 'box-b'])).toBeDefined();
  });
});
