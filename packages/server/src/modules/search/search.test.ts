import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`search on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    token = await tokenFor(t.secrets.jwtSecret, me);
    otherToken = await tokenFor(t.secrets.jwtSecret, other);
    const root = await rootBoxOf(t.database.db, me.id);
    const otherRoot = await rootBoxOf(t.database.db, other.id);
    const act = (path: string, method: string, json: unknown, as = token) =>
      t.request(path, { method, headers: { authorization: `Bearer ${as}` }, json });
    const mine = await tree(t, { token, root }, [
      { Garden: ['Buy tomato seeds', 'Water the tomatoes'] },
      { 'Old tomato plans': ['Tomato cage'] },
      '100% tomato juice',
    ]);
    const bed = await tree(t, { token, root }, { 'Tomato bed': ['Stake the tomato plants'] }, mine.Garden);
    Object.assign(ids, {
      garden: mine.Garden,
      seeds: mine['Buy tomato seeds'],
      done: mine['Water the tomatoes'],
      old: mine['Old tomato plans'],
      bed: bed['Tomato bed'],
    });
    await act('/api/items/complete', 'PUT', { itemId: ids.done });
    await t.request(`/api/items/archive?itemId=${ids.old}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await act('/api/items/update-item', 'PUT', { itemId: ids.seeds, favourited: true });
    // Someone else's box, shared with me read-only, and a private one.
    const theirs = await tree(t, { token: otherToken, root: otherRoot }, [
      { Allotment: ['Tomato feed'] },
      'Secret tomato recipe',
    ]);
    ids.sharedBox = theirs.Allotment;
    await t.database.db
      .insertInto('item_users')
      .values({ item_id: ids.sharedBox ?? '', user_id: me.id, level: 'readonly', created_at: Date.now() })
      .execute();
  });
  afterAll(() => t.close());

  async function search(body: Record<string, unknown>, as = token) {
    const res = await t.request('/api/items/search-items', {
      method: 'POST',
      headers: { authorization: `Bearer ${as}` },
      json: body,
    });
    expect(res.status).toBe(200);
    // Which titles, sorted: how they rank is search-semantics.test's concern.
    return ((await res.json()) as SearchResult[]).map((r) => r.title).sort();
  }

  it('finds titles containing the term, in any case, among everything the user can see', async () => {
    expect(await search({ searchTerm: 'TOMATO' })).toEqual([
      '100% tomato juice',
      'Buy tomato seeds',
      'Stake the tomato plants',
      'Tomato bed',
      'Tomato feed',
    ]);
  });

  it('includes completed and archived items (and what archived boxes hold) only when asked', async () => {
    expect(await search({ searchTerm: 'tomato', includeCompleted: true })).toContain('Water the tomatoes');
    expect(await search({ searchTerm: 'tomato', includeArchived: true })).toEqual(
      expect.arrayContaining(['Old tomato plans', 'Tomato cage']),
    );
  });

  it('limits the workspace scope to the own Workspace, and favourites to starred items', async () => {
    expect(await search({ searchTerm: 'tomato', scope: 'workspace' })).toEqual([
      '100% tomato juice',
      'Buy tomato seeds',
      'Stake the tomato plants',
      'Tomato bed',
    ]);
    expect(await search({ searchTerm: '', scope: 'favourites' })).toEqual(['Buy tomato seeds']);
  });

  it('treats % and _ as plain characters, and names the parent box and the level', async () => {
    expect(await search({ searchTerm: '100%' })).toEqual(['100% tomato juice']);
    expect(await search({ searchTerm: '%' })).toEqual(['100% tomato juice']);
    const res = await t.request('/api/items/search-items', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: { searchTerm: 'feed' },
    });
    expect(((await res.json()) as SearchResult[])[0]).toMatchObject({
      parentTitle: 'Allotment',
      accessLevel: 'readonly',
    });
  });

  it("never shows another user's private items", async () => {
    expect(await search({ searchTerm: 'secret' })).toEqual([]);
    expect(await search({ searchTerm: 'tomato' }, otherToken)).toEqual([
      'Secret tomato recipe',
      'Tomato feed',
    ]);
  });

  it('keeps what lies inside a box, at any depth, when limited to it', async () => {
    expect(await search({ searchTerm: 'tomato', withinBoxId: ids.garden })).toEqual([
      'Buy tomato seeds',
      'Stake the tomato plants',
      'Tomato bed',
    ]);
    expect(await search({ searchTerm: 'tomato', withinBoxId: ids.bed })).toEqual(['Stake the tomato plants']);
    expect(await search({ searchTerm: 'tomato', withinBoxId: ids.garden, includeCompleted: true })).toContain(
      'Water the tomatoes',
    );
    expect(await search({ searchTerm: '', scope: 'favourites', withinBoxId: ids.garden })).toEqual([
      'Buy tomato seeds',
    ]);
    expect(await search({ searchTerm: 'tomato', withinBoxId: ids.sharedBox })).toEqual(['Tomato feed']);
    expect(await search({ searchTerm: 'tomato', withinBoxId: ids.old, includeArchived: true })).toEqual([
      'Tomato cage',
    ]);
  });

  it('refuses to search inside a box the caller cannot see, or inside a text', async () => {
    const within = async (withinBoxId: string | undefined, as = token) =>
      (
        await t.request('/api/items/search-items', {
          method: 'POST',
          headers: { authorization: `Bearer ${as}` },
          json: { searchTerm: 'tomato', withinBoxId },
        })
      ).status;
    expect(await within(ids.garden, otherToken)).toBe(404);
    expect(await within('no-such-box')).toBe(404);
    expect(await within(ids.seeds)).toBe(400);
  });
});
