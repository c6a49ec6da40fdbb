import type { Item, ItemsForPane, SearchResult } from '@nestbox/shared/items/item.schema';
import type { OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`nothing leaks about a parent box the caller cannot see, on ${testEngine}`, () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let secretBox: string;
  let sharedBox: string;
  let alone: string;
  let inShared: string;

  const { ok } = apiCalls(
    () => t,
    () => alice.token,
  );

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createSignedInUser(t);
    bob = await createSignedInUser(t);
    const ids = await tree(t, alice, {
      'Secret plans': ['Surprise party for Bob'],
      Family: ['Party snacks'],
    });
    secretBox = ids['Secret plans'];
    sharedBox = ids.Family;
    alone = ids['Surprise party for Bob'];
    inShared = ids['Party snacks'];
    // Bob gets the one item on its own, and the other through its box.
    await ok('PUT', '/api/items/associate-user', { itemId: alone, userId: bob.id });
    await ok('PUT', '/api/items/associate-user', { itemId: sharedBox, userId: bob.id });
    for (const user of [alice, bob]) {
      await ok('PUT', '/api/items/update-item', { itemId: alone, prioritizable: true }, user.token);
      await ok('PUT', '/api/items/update-priority', { itemId: inShared, priority: 1 }, user.token);
    }
  });
  afterAll(() => t.close());

  const parentsOf = (items: { _id: string; parentItemId: string | null; parentTitle: string | null }[]) =>
    Object.fromEntries(items.map((item) => [item._id, [item.parentItemId, item.parentTitle]]));

  it('search shows the parent only to those who see it', async () => {
    const forBob = await ok<SearchResult[]>(
      'POST',
      '/api/items/search-items',
      { searchTerm: 'party' },
      bob.token,
    );
    expect(parentsOf(forBob)).toEqual({
      [alone]: [null, null],
      [inShared]: [sharedBox, 'Family'],
    });
    const forAlice = await ok<SearchResult[]>('POST', '/api/items/search-items', { searchTerm: 'party' });
    expect(parentsOf(forAlice)).toEqual({
      [alone]: [secretBox, 'Secret plans'],
      [inShared]: [sharedBox, 'Family'],
    });
  });

  it('get-item, an edit, and the panes name the parent only to those who see it', async () => {
    const asBob = await ok<Item>('GET', `/api/items/get-item?itemId=${alone}`, undefined, bob.token);
    expect(asBob.parentItemId).toBeNull();
    const edited = await ok<Item>(
      'PUT',
      '/api/items/update-item',
      { itemId: alone, favourited: true },
      bob.token,
    );
    expect(edited.parentItemId).toBeNull();
    const inBox = await ok<Item>('GET', `/api/items/get-item?itemId=${inShared}`, undefined, bob.token);
    expect(inBox.parentItemId).toBe(sharedBox);
    // The shared box itself lives in Alice's Workspace, which Bob does not see.
    for (const query of ['', '&limit=10']) {
      const pane = await ok<ItemsForPane>(
        'GET',
        `/api/items/get-items-for-pane?itemId=${sharedBox}${query}`,
        undefined,
        bob.token,
      );
      expect(pane.item.parentItemId).toBeNull();
    }
    const bobsWorkspace = await ok<ItemsForPane>(
      'GET',
      `/api/items/get-items-for-pane?itemId=${bob.root}`,
      undefined,
      bob.token,
    );
    expect(bobsWorkspace.items.find((item) => item._id === alone)?.parentItemId).toBeNull();
    expect(JSON.stringify(bobsWorkspace)).not.toContain(secretBox);
    expect(JSON.stringify(bobsWorkspace)).not.toContain(alice.root);

    const asAlice = await ok<Item>('GET', `/api/items/get-item?itemId=${alone}`);
    expect(asAlice.parentItemId).toBe(secretBox);
    const alicesPane = await ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${sharedBox}`);
    expect(alicesPane.item.parentItemId).toBe(alice.root);
  });

  it('the Organizer shows the parent only to those who see it, whole and in pages', async () => {
    for (const query of ['', '?limit=10']) {
      const forBob = await ok<OrganizerPage>('GET', `/api/items/get-organizer${query}`, undefined, bob.token);
      expect(parentsOf(forBob.organizerItems)).toEqual({
        [alone]: [null, null],
        [inShared]: [sharedBox, 'Family'],
      });
      expect(forBob.parentOrganizerItems).toEqual({
        [sharedBox]: { _id: sharedBox, title: 'Family' },
      });
      expect(JSON.stringify(forBob)).not.toContain('Secret plans');
      expect(JSON.stringify(forBob)).not.toContain(secretBox);

      const forAlice = await ok<OrganizerPage>('GET', `/api/items/get-organizer${query}`);
      expect(forAlice.parentOrganizerItems[secretBox]?.title).toBe('Secret plans');
    }
    const ranked = await ok<SearchResult[]>('GET', '/api/items/get-prioritized-items', undefined, bob.token);
    expect(parentsOf(ranked)).toEqual({ [inShared]: [sharedBox, 'Family'] });
  });
});
