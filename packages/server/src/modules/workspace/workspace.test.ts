import type { Item } from '@nestbox/shared/items/item.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`workspace on ${testEngine}`, () => {
  let t: TestApp;
  let user: UserRow;
  let token: string;
  let root: string;
  let strangerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await createUser(t.database.db);
    token = await tokenFor(t.secrets.jwtSecret, user);
    strangerToken = await tokenFor(t.secrets.jwtSecret, await createUser(t.database.db));
    root = await rootBoxOf(t.database.db, user.id);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => token,
  );
  const workspace = () => ok<Workspace>('GET', '/api/items/get-workspace-items');
  const shownTitles = (w: Workspace) =>
    w.panesIndex.map((id) => w.paneObjects[w.panes[id]?.itemId ?? '']?.title);

  it('starts empty, opens panes at a position, replaces and closes them, in order', async () => {
    expect(await workspace()).toEqual({ panes: {}, panesIndex: [], paneObjects: {} });
    const { A: a, B: b, C: c, D: d } = await tree(t, { token, root }, { A: [], B: [], C: [], D: [] });
    await ok('POST', '/api/items/create-pane', { pos: 0, itemId: a });
    await ok('POST', '/api/items/create-pane', { pos: 1, itemId: b });
    const w = await ok<Workspace>('POST', '/api/items/create-pane', { pos: 1, itemId: c });
    expect(shownTitles(w)).toEqual(['A', 'C', 'B']);
    expect(w.panes[w.panesIndex[0] ?? '']).toMatchObject({
      type: 'box',
      width: 400,
      itemId: a,
      search: null,
    });

    const replaced = await ok<Workspace>('PUT', '/api/items/replace-in-workspace', { pos: 1, itemId: d });
    expect(shownTitles(replaced)).toEqual(['A', 'D', 'B']);
    await ok('DELETE', `/api/workspace/pane?paneId=${replaced.panesIndex[0]}`);
    expect(shownTitles(await workspace())).toEqual(['D', 'B']);
    expect((await send('DELETE', `/api/workspace/pane?paneId=${replaced.panesIndex[0]}`)).status).toBe(404);
  });

  it('opens a new box in a pane when created with createPane', async () => {
    const before = (await workspace()).panesIndex.length;
    const created = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoBox',
      title: 'Fresh',
      createPane: true,
      panePos: 0,
    });
    const w = await workspace();
    expect(w.panesIndex).toHaveLength(before + 1);
    expect(w.panes[w.panesIndex[0] ?? '']?.itemId).toBe(created._id);
  });

  it('persists pane widths, the split and the tooltips setting', async () => {
    const w = await workspace();
    const first = w.panesIndex[0] ?? '';
    await ok('PUT', '/api/workspace/panes-widths', { panesDict: { [first]: 520, 'not-mine': 300 } });
    expect((await workspace()).panes[first]?.width).toBe(520);
    expect((await send('PUT', '/api/workspace/panes-widths', { panesDict: { [first]: 50 } })).status).toBe(
      400,
    );
    await ok('PUT', '/api/workspace/split', { split: 2 });
    await ok('PUT', '/api/workspace/settings', { settings: { tooltipsEnabled: false } });
    const me = await ok<User>('GET', '/api/admin/users/get-user');
    expect(me.workspace).toEqual({ split: 2, settings: { tooltipsEnabled: false, openBoxesIn: 'newPane' } });
  });

  it('closes the panes of an archived box, and drops panes whose box the user can no longer read', async () => {
    const { Gone: gone } = await tree(t, { token, root }, { Gone: [] });
    await ok('POST', '/api/items/create-pane', { pos: 0, itemId: gone });
    await ok('DELETE', `/api/items/archive?itemId=${gone}`);
    expect(shownTitles(await workspace())).not.toContain('Gone');
  });

  it("refuses text items and other people's boxes, and keeps panes private", async () => {
    const text = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoText',
      title: 't',
    });
    expect((await send('POST', '/api/items/create-pane', { pos: 0, itemId: text._id })).status).toBe(400);
    const { Mine: mine } = await tree(t, { token, root }, { Mine: [] });
    expect(
      (await send('POST', '/api/items/create-pane', { pos: 0, itemId: mine }, strangerToken)).status,
    ).toBe(404);
    expect(
      (await send('PUT', '/api/items/replace-in-workspace', { pos: 0, itemId: mine }, strangerToken)).status,
    ).toBe(404);
    const paneId = (await workspace()).panesIndex[0] ?? '';
    expect(
      (await send('DELETE', `/api/workspace/pane?paneId=${paneId}`, undefined, strangerToken)).status,
    ).toBe(404);
    await send('PUT', '/api/workspace/panes-widths', { panesDict: { [paneId]: 900 } }, strangerToken);
    expect((await workspace()).panes[paneId]?.width).not.toBe(900);
    const theirs = await send('GET', '/api/items/get-workspace-items', undefined, strangerToken);
    expect(((await theirs.json()) as Workspace).panesIndex).toEqual([]);
  });

  it('keeps search panes with their search, runs it on demand, and lets only the owner use them', async () => {
    await ok('POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoText',
      title: 'Call the plumber',
    });
    const search = {
      term: 'plumber',
      scope: 'search',
      includeArchived: false,
      includeCompleted: false,
      withinBoxId: null,
    };
    const w = await ok<Workspace>('POST', '/api/items/create-search-pane', { pos: 0, search });
    const paneId = w.panesIndex[0] ?? '';
    expect(w.panes[paneId]).toMatchObject({ type: 'search', itemId: null, search });

    const found = await ok<{ results: Item[] }>(
      'GET',
      `/api/items/get-workspace-items-for-search?paneId=${paneId}`,
    );
    expect(found.results.map((r) => r.title)).toEqual(['Call the plumber']);

    await ok('PUT', '/api/items/update-search-pane', {
      paneId,
      search: { ...search, term: 'nothing like this' },
    });
    const none = await ok<{ results: Item[] }>(
      'GET',
      `/api/items/get-workspace-items-for-search?paneId=${paneId}`,
    );
    expect(none.results).toEqual([]);

    expect(
      (
        await send(
          'GET',
          `/api/items/get-workspace-items-for-search?paneId=${paneId}`,
          undefined,
          strangerToken,
        )
      ).status,
    ).toBe(404);
    expect(
      (await send('PUT', '/api/items/update-search-pane', { paneId, search }, strangerToken)).status,
    ).toBe(404);
    const boxPane = (await workspace()).panesIndex.find((id) => id !== paneId) ?? '';
    expect((await send('GET', `/api/items/get-workspace-items-for-search?paneId=${boxPane}`)).status).toBe(
      404,
    );
  });

  it('limits a search pane to a box the caller sees, and closes it with that box', async () => {
    const { Kitchen: kitchen } = await tree(t, { token, root }, { Kitchen: [] });
    const shelf = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: kitchen,
      itemType: 'todoBox',
      title: 'Shelf',
    });
    for (const [parentItemId, title] of [
      [shelf._id, 'Fix the shelf bracket'],
      [root, 'Fix the bike'],
    ])
      await ok('POST', '/api/items/create-item', { parentItemId, itemType: 'todoText', title });
    const search = {
      term: 'fix',
      scope: 'search',
      includeArchived: false,
      includeCompleted: false,
      withinBoxId: kitchen,
    };
    const w = await ok<Workspace>('POST', '/api/items/create-search-pane', { pos: 0, search });
    const paneId = w.panesIndex[0] ?? '';
    expect(w.panes[paneId]).toMatchObject({ type: 'search', itemId: null, search });
    const results = () =>
      ok<{ results: Item[] }>('GET', `/api/items/get-workspace-items-for-search?paneId=${paneId}`).then(
        (found) => found.results.map((r) => r.title).sort(),
      );
    expect(await results()).toEqual(['Fix the shelf bracket']);

    await ok('PUT', '/api/items/update-search-pane', { paneId, search: { ...search, withinBoxId: null } });
    expect(await results()).toEqual(['Fix the bike', 'Fix the shelf bracket']);
    await ok('PUT', '/api/items/update-search-pane', { paneId, search });

    // A box the caller cannot see, or a text, cannot limit a search.
    const strangers = await send('POST', '/api/items/create-search-pane', { pos: 0, search }, strangerToken);
    expect(strangers.status).toBe(404);
    const text = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoText',
      title: 'Not a box',
    });
    const inText = await send('PUT', '/api/items/update-search-pane', {
      paneId,
      search: { ...search, withinBoxId: text._id },
    });
    expect(inText.status).toBe(400);

    // Archiving the box closes the search pane limited to it, as it closes the box's own panes.
    await ok('DELETE', `/api/items/archive?itemId=${kitchen}`);
    expect((await workspace()).panesIndex).not.toContain(paneId);
  });
});
