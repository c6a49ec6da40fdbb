import type { ItemsForPane } from '@nestbox/shared/items/item.schema';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemFixture as item } from '../../../test/item-fixture';
import { getItemsForPaneQueryOptions, itemsForPaneKey } from './get-items-for-pane';
import { paneRows, paneWithItem } from './pane-contents';

/** A box of 250 texts as the server pages it: the order on the first page, then `limit` from `offset`. */
const ORDER = Array.from({ length: 250 }, (_, i) => `t${i}`);
function answer(url: URL): ItemsForPane {
  const limit = Number(url.searchParams.get('limit') ?? ORDER.length);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const end = Math.min(ORDER.length, offset + limit);
  return {
    item: item('box', { itemType: 'todoBox', ...(offset === 0 ? { subItemsIndex: ORDER } : {}) }),
    items: ORDER.slice(offset, end).map((id) => item(id)),
    next: end < ORDER.length ? end : null,
  };
}

/** Answers each request when the test says so, in the order they came. */
function serveOnDemand() {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://nestbox.test');
      asked.push(`${url.pathname}${url.search}`);
      return new Promise<Response>((resolve) =>
        waiting.push(() =>
          resolve(
            new Response(JSON.stringify(answer(url)), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          ),
        ),
      );
    }),
  );
  return {
    asked,
    /** Answers the oldest request still waiting, once it has been sent. */
    async answerNext() {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()?.();
    },
  };
}

const shape = (pane: ItemsForPane | undefined) => {
  const rows = pane ? paneRows(pane) : [];
  return { rows: rows.length, loaded: rows.filter((row) => typeof row !== 'string').length };
};

describe("a pane's contents, read in pages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page with the whole list laid out, then fills it in page by page', async () => {
    const server = serveOnDemand();
    const queryClient = new QueryClient();
    const key = itemsForPaneKey('box');
    const loaded = queryClient.fetchQuery(getItemsForPaneQueryOptions('box'));

    await server.answerNext();
    await vi.waitFor(() => expect(shape(queryClient.getQueryData(key))).toEqual({ rows: 250, loaded: 100 }));
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');

    // A change made meanwhile (a text created last) stays when the next page arrives.
    queryClient.setQueryData<ItemsForPane>(key, (pane) => pane && paneWithItem(pane, item('new')));
    await server.answerNext();
    const whole = await loaded;

    expect(server.asked).toEqual([
      '/api/items/get-items-for-pane?itemId=box&limit=100',
      '/api/items/get-items-for-pane?itemId=box&limit=1000&offset=100',
    ]);
    expect(shape(whole)).toEqual({ rows: 251, loaded: 251 });
    expect(whole.items.map((child) => child._id)).toEqual([...ORDER, 'new']);
    expect(queryClient.getQueryData(key)).toEqual(whole);
  });

  it('keeps the rows shown while a refetch reads them again, and writes nothing once cancelled', async () => {
    const server = serveOnDemand();
    const queryClient = new QueryClient();
    const key = itemsForPaneKey('box');
    const first = queryClient.fetchQuery(getItemsForPaneQueryOptions('box'));
    await server.answerNext();
    await server.answerNext();
    await first;

    void queryClient.refetchQueries({ queryKey: key });
    await server.answerNext();
    // The first page is in again, and the rows after it still show (nothing turns back into a placeholder).
    await vi.waitFor(() => expect(server.asked).toHaveLength(4));
    expect(shape(queryClient.getQueryData(key))).toEqual({ rows: 250, loaded: 250 });

    await queryClient.cancelQueries({ queryKey: key });
    const cancelled = queryClient.getQueryData(key);
    await server.answerNext();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(key)).toBe(cancelled);
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });
});
