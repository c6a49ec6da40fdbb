import type { Item, ItemsForPane } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeQueries } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

/**
 * get-items-for-pane in pages: the first page carries the order of every visible sub-item,
 * each page continues the one before, and walking the pages gives exactly what one call
 * without a limit gives, to whoever may read the box and to nobody else.
 */
describe(`pane pages on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let box: string;

  const { ok, send } = apiCalls(
    () => t,
    () => ann.token,
  );
  const read = (query: string, token = ann.token) =>
    ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?${query}`, undefined, token);

  /** Every page of a box, `limit` at a time, following `next`. */
  async function walk(itemId: string, limit: number, token = ann.token) {
    const pages: ItemsForPane[] = [];
    let offset: number | null | undefined = 0;
    while (offset !== null && offset !== undefined) {
      const page = await read(`itemId=${itemId}&limit=${limit}&offset=${offset}`, token);
      pages.push(page);
      offset = page.next;
    }
    return pages;
  }
  const titles = (items: Item[]) => items.map((item) => item.title);

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await createSignedInUser(t);
    bob = await createSignedInUser(t);
    box = (await tree(t, ann, { 'Long list': Array.from({ length: 12 }, (_, i) => `text ${i + 1}`) }))[
      'Long list'
    ];
    // Hidden from the pane: a completed text (the box hides completed items) and an archived one.
    const texts = (await read(`itemId=${box}`)).items;
    await ok('PUT', '/api/items/complete', { itemId: texts[2]?._id });
    await ok('DELETE', `/api/items/archive?itemId=${texts[7]?._id}`);
  });
  afterAll(() => t.close());

  it('walks the visible sub-items page by page, as one call without a limit lists them', async () => {
    const whole = await read(`itemId=${box}`);
    expect(titles(whole.items)).toHaveLength(10);
    expect(whole).not.toHaveProperty('next');

    const pages = await walk(box, 4);
    expect(pages.map((page) => titles(page.items))).toEqual([
      ['text 1', 'text 2', 'text 4', 'text 5'],
      ['text 6', 'text 7', 'text 9', 'text 10'],
      ['text 11', 'text 12'],
    ]);
    expect(pages.map((page) => page.next)).toEqual([4, 8, null]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
    // The first page lays out the whole list; the others only fill it in.
    expect(pages[0]?.item.subItemsIndex).toEqual(whole.item.subItemsIndex);
    expect(pages[1]?.item).not.toHaveProperty('subItemsIndex');
    expect({ ...pages[1]?.item, subItemsIndex: whole.item.subItemsIndex }).toEqual(whole.item);
  });

  it("reads a box in its owner's tree walking up the tree once, its page as the box alone", async () => {
    /** What `call` answers, and how many statements it ran. */
    async function counted<T>(call: () => Promise<T>): Promise<[T, number]> {
      let statements = 0;
      const stop = observeQueries(t.database.db, () => {
        statements += 1;
      });
      try {
        return [await call(), statements];
      } finally {
        stop();
      }
    }
    // The caller's sight (which also says they see the box's own box), the box, the order,
    // and the page's rows.
    const [page, forPage] = await counted(() => read(`itemId=${box}&limit=4`));
    expect(forPage).toBe(4);
    expect(page.item.parentItemId).toBe(ann.root);
    // The caller's sight, and the box.
    const [item, forItem] = await counted(() => ok<Item>('GET', `/api/items/get-item?itemId=${box}`));
    expect(forItem).toBe(2);
    expect(item.parentItemId).toBe(ann.root);
  });

  it('answers an empty last page past the end, and the rest of the list from an offset without a limit', async () => {
    const past = await read(`itemId=${box}&limit=5&offset=40`);
    expect(past.items).toEqual([]);
    expect(past.next).toBeNull();
    const rest = await read(`itemId=${box}&offset=7`);
    expect(titles(rest.items)).toEqual(['text 10', 'text 11', 'text 12']);
    expect(rest).not.toHaveProperty('next');
  });

  it('pages completed items too when the box shows them', async () => {
    await ok('PUT', '/api/items/update-setting', {
      itemId: box,
      settingKey: 'showCompletedItems',
      settingValue: true,
    });
    const pages = await walk(box, 6);
    expect(pages.map((page) => titles(page.items))).toEqual([
      ['text 1', 'text 2', 'text 3', 'text 4', 'text 5', 'text 6'],
      ['text 7', 'text 9', 'text 10', 'text 11', 'text 12'],
    ]);
    await ok('PUT', '/api/items/update-setting', {
      itemId: box,
      settingKey: 'showCompletedItems',
      settingValue: false,
    });
  });

  it("pages a Workspace's own children, then the items shared with its owner, at their own levels", async () => {
    const mine = await createSignedInUser(t);
    const mineIds = await tree(t, mine, [{ Home: [] }, 'Call mum']);
    const own = [mineIds.Home, mineIds['Call mum']];
    const lent = (await tree(t, bob, ["Bob's note"]))["Bob's note"];
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: lent, userId: mine.id, ownershipId: 'readonly' },
      bob.token,
    );

    const whole = await read(`itemId=${mine.root}`, mine.token);
    const pages = await walk(mine.root, 2, mine.token);
    expect(pages.map((page) => page.items.map((item) => item._id))).toEqual([[own[0], own[1]], [lent]]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
    expect(pages[1]?.items[0]?.accessLevel).toBe('readonly');
    expect(pages[0]?.item.subItemsIndex).toEqual([own[0], own[1], lent]);
  });

  it('pages a box for a member it is shared with, and hides it from anyone else as the whole read does', async () => {
    await ok('PUT', '/api/items/associate-user', {
      itemId: box,
      userId: bob.id,
      ownershipId: 'readonly',
    });
    const forBob = await walk(box, 5, bob.token);
    expect(forBob.flatMap((page) => titles(page.items))).toHaveLength(10);
    expect(forBob[0]?.items[0]?.accessLevel).toBe('readonly');

    const stranger = await createSignedInUser(t);
    for (const query of [`itemId=${box}`, `itemId=${box}&limit=5`, `itemId=${box}&limit=5&offset=5`]) {
      const res = await send('GET', `/api/items/get-items-for-pane?${query}`, undefined, stranger.token);
      expect(res.status, query).toBe(404);
      expect(await res.text()).not.toContain('text 1');
    }
    expect((await t.request(`/api/items/get-items-for-pane?itemId=${box}&limit=5`)).status).toBe(401);
  });

  it('pages a box of 2,500 texts, with pages larger than one statement takes', async () => {
    const { Big: big } = await tree(t, ann, { Big: [] });
    const now = Date.now();
    // Written straight into the database, in the order of their positions (newest id first, so
    // the order cannot be the ids').
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      id: newId(),
      type: 'todoText' as const,
      title: `big ${i}`,
      parent_id: big,
      position: 2_500 - i,
      created_by: ann.id,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await t.database.db
        .insertInto('items')
        .values(rows.slice(at, at + 500))
        .execute();

    const whole = await read(`itemId=${big}`);
    const pages = await walk(big, 1_200);
    expect(pages.map((page) => page.items.length)).toEqual([1_200, 1_200, 100]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
    expect(whole.items[0]?.title).toBe('big 2499');
    expect(pages[0]?.item.subItemsIndex).toHaveLength(2_500);
  });

  it('refuses a bad page with a translated message', async () => {
    const queries = ['limit=0', 'limit=abc', 'limit=5001', 'limit=2.5', 'offset=-1', 'limit=5&offset=x'];
    for (const query of queries) {
      const res = await send('GET', `/api/items/get-items-for-pane?itemId=${box}&${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, query).toBe('error.validation');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    const inFrench = await t.request(`/api/items/get-items-for-pane?itemId=${box}&limit=0`, {
      headers: { authorization: `Bearer ${ann.token}`, 'accept-language': 'fr' },
    });
    const inEnglish = await send('GET', `/api/items/get-items-for-pane?itemId=${box}&limit=0`);
    expect(((await inFrench.json()) as { error: { message: string } }).error.message).not.toBe(
      ((await inEnglish.json()) as { error: { message: string } }).error.message,
    );
  });
});
