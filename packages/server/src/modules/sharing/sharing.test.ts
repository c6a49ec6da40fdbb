import type { Item } from '@nestbox/shared/items/item.schema';
import type { ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`sharing on ${testEngine}`, () => {
  let t: TestApp;
  const users: Record<'owner' | 'bob' | 'carol' | 'stranger', UserRow & { token: string; root: string }> =
    {} as never;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const [key, name] of [
      ['owner', 'Olivia Owner'],
      ['bob', 'Bob Builder'],
      ['carol', 'Carol Singer'],
      ['stranger', 'Stan Ger'],
    ] as const) {
      users[key] = await createSignedInUser(t, { name });
    }
  });
  afterAll(() => t.close());

  const send = (as: keyof typeof users, method: string, path: string, json?: unknown) =>
    t.request(path, {
      method,
      headers: { authorization: `Bearer ${users[as].token}` },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(as: keyof typeof users, method: string, path: string, json?: unknown): Promise<T> {
    const res = await send(as, method, path, json);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  const share = (as: keyof typeof users, itemId: string, userId: string, ownershipId?: string) =>
    send(as, 'PUT', '/api/items/associate-user', { itemId, userId, ...(ownershipId ? { ownershipId } : {}) });
  const entries = async (itemId: string, as: keyof typeof users = 'owner') =>
    (await ok<ShareEntry[]>(as, 'GET', `/api/items/get-users-associated?itemId=${itemId}`)).map((e) => [
      e.name,
      e.ownershipId,
    ]);

  it('offers only people one already shares with, or the exact e-mail, never oneself, from two characters', async () => {
    const search = (term: string) =>
      ok<{ _id: string; name: string }[]>(
        'owner',
        'GET',
        `/api/users/search-users?searchTerm=${encodeURIComponent(term)}`,
      );
    // Everyone here is a stranger to Olivia so far: the directory is never searched.
    expect(await search('bui')).toEqual([]);
    expect(await search('ca')).toEqual([]);
    expect(await search(users.bob.email.toUpperCase())).toEqual([{ _id: users.bob.id, name: 'Bob Builder' }]);

    const { Known } = await tree(t, users.owner, { Known: [] });
    expect((await share('owner', Known, users.bob.id)).status).toBe(200);
    expect(await search('bui')).toEqual([{ _id: users.bob.id, name: 'Bob Builder' }]);
    expect(await search(users.bob.email.slice(0, 3))).toEqual([{ _id: users.bob.id, name: 'Bob Builder' }]);
    // Bob now finds Olivia too; Stan, whom nobody shares with, stays out of reach.
    expect(await ok('bob', 'GET', '/api/users/search-users?searchTerm=oliv')).toEqual([
      { _id: users.owner.id, name: 'Olivia Owner' },
    ]);
    expect(await search('stan')).toEqual([]);
    expect(await search('olivia')).toEqual([]);
    expect((await send('owner', 'GET', '/api/users/search-users?searchTerm=b')).status).toBe(400);
    expect(
      (await send('owner', 'DELETE', `/api/items/remove-association?itemId=${Known}&userId=${users.bob.id}`))
        .status,
    ).toBe(200);
  });

  it('shares a box as editor by default; the recipient sees it in their Workspace and everything inside', async () => {
    const box = await ok<Item>('owner', 'POST', '/api/items/create-item', {
      parentItemId: users.owner.root,
      itemType: 'todoBox',
      title: 'Holiday',
    });
    const note = await ok<Item>('owner', 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title: 'Book ferry',
    });
    expect((await share('owner', box._id, users.bob.id)).status).toBe(200);
    expect(await entries(box._id)).toEqual([
      ['Olivia Owner', 'owner'],
      ['Bob Builder', 'editor'],
    ]);

    const workspace = await ok<{ items: Item[] }>(
      'bob',
      'GET',
      `/api/items/get-items-for-pane?itemId=${users.bob.root}`,
    );
    expect(workspace.items.map((i) => [i.title, i.accessLevel])).toEqual([['Holiday', 'editor']]);
    expect(
      (
        await ok<Item>('bob', 'POST', '/api/items/save-text-item', {
          itemId: note._id,
          title: 'Book the ferry',
        })
      ).title,
    ).toBe('Book the ferry');
    expect((await share('bob', box._id, users.carol.id)).status).toBe(403);
    expect((await share('owner', box._id, users.bob.id)).status).toBe(409);
  });

  it('changes levels, keeps at least one owner, and ends access on removal', async () => {
    const box = await ok<Item>('owner', 'POST', '/api/items/create-item', {
      parentItemId: users.owner.root,
      itemType: 'todoBox',
      title: 'Budget',
    });
    const rootLinks = await entries(users.owner.root);
    expect(rootLinks).toEqual([['Olivia Owner', 'owner']]);
    await share('owner', box._id, users.carol.id, 'readonly');
    expect(
      (
        await send('carol', 'POST', '/api/items/create-item', {
          parentItemId: box._id,
          itemType: 'todoText',
          title: 'x',
        })
      ).status,
    ).toBe(403);
    expect(await entries(box._id, 'carol')).toEqual([
      ['Olivia Owner', 'owner'],
      ['Carol Singer', 'readonly'],
    ]);
    expect(
      (
        await send('carol', 'PUT', '/api/items/update-ownership', {
          itemId: box._id,
          userId: users.carol.id,
          ownershipId: 'owner',
        })
      ).status,
    ).toBe(403);

    await ok('owner', 'PUT', '/api/items/update-ownership', {
      itemId: box._id,
      userId: users.carol.id,
      ownershipId: 'owner',
    });
    // With Olivia's own link gone, Carol is the box's only owner link: she cannot step down.
    await ok('carol', 'DELETE', `/api/items/remove-association?itemId=${box._id}&userId=${users.owner.id}`);
    const lastOwner = await send('carol', 'PUT', '/api/items/update-ownership', {
      itemId: box._id,
      userId: users.carol.id,
      ownershipId: 'editor',
    });
    expect(lastOwner.status).toBe(400);
    expect(((await lastOwner.json()) as { error: { message: string } }).error.message).toBe(
      'An item always keeps at least one owner.',
    );
    await ok('carol', 'PUT', '/api/items/associate-user', {
      itemId: box._id,
      userId: users.bob.id,
      ownershipId: 'owner',
    });
    await ok('bob', 'DELETE', `/api/items/remove-association?itemId=${box._id}&userId=${users.carol.id}`);
    expect((await send('carol', 'GET', `/api/items/get-item?itemId=${box._id}`)).status).toBe(404);
    const carolsWorkspace = await ok<{ items: Item[] }>(
      'carol',
      'GET',
      `/api/items/get-items-for-pane?itemId=${users.carol.root}`,
    );
    expect(carolsWorkspace.items.map((i) => i.title)).not.toContain('Budget');
    expect(
      (await send('bob', 'DELETE', `/api/items/remove-association?itemId=${box._id}&userId=${users.bob.id}`))
        .status,
    ).toBe(400);
  });

  it('answers 404 to strangers on every sharing route and reveals nothing', async () => {
    const box = await ok<Item>('owner', 'POST', '/api/items/create-item', {
      parentItemId: users.owner.root,
      itemType: 'todoBox',
      title: 'Private',
    });
    await share('owner', box._id, users.bob.id, 'readonly');
    for (const [method, path, json] of [
      ['GET', `/api/items/get-users-associated?itemId=${box._id}`, undefined],
      ['PUT', '/api/items/associate-user', { itemId: box._id, userId: users.stranger.id }],
      ['PUT', '/api/items/update-ownership', { itemId: box._id, userId: users.bob.id, ownershipId: 'owner' }],
      ['DELETE', `/api/items/remove-association?itemId=${box._id}&userId=${users.bob.id}`, undefined],
    ] as const) {
      expect((await send('stranger', method, path, json)).status, `${method} ${path}`).toBe(404);
    }
    expect(await entries(box._id)).toEqual([
      ['Olivia Owner', 'owner'],
      ['Bob Builder', 'readonly'],
    ]);
    const anonymous = await t.request(`/api/items/get-users-associated?itemId=${box._id}`);
    expect(anonymous.status).toBe(401);
  });

  describe('moving across a sharing boundary', () => {
    // Olivia shares 'Allotment' (with 'Beds' inside) with Bob as editor; Bob has a private box.
    async function setUp() {
      const olivias = await tree(t, users.owner, { Allotment: [{ Beds: [] }, 'Water the leeks'] });
      await share('owner', olivias.Allotment, users.bob.id, 'editor');
      const bobs = await tree(t, users.bob, { 'Bob private': ['My secret'] });
      return {
        shared: olivias.Allotment,
        beds: olivias.Beds,
        note: olivias['Water the leeks'],
        bobsBox: bobs['Bob private'],
        bobsNote: bobs['My secret'],
      };
    }
    const move = (as: keyof typeof users, itemId: string, newParentItemId: string) =>
      send(as, 'PUT', '/api/items/move-to-new-parent', { itemId, newParentItemId });
    const parentOf = async (as: keyof typeof users, itemId: string) =>
      (await ok<Item>(as, 'GET', `/api/items/get-item?itemId=${itemId}`)).parentItemId;

    it('lets an editor move items among boxes with the same audience', async () => {
      const { beds, note } = await setUp();
      expect((await move('bob', note, beds)).status).toBe(200);
      expect(await parentOf('owner', note)).toBe(beds);
    });

    it('refuses an editor taking a shared item into a private box; their own items they may share', async () => {
      const { shared, note, bobsBox, bobsNote } = await setUp();
      const out = await move('bob', note, bobsBox);
      expect(out.status).toBe(403);
      expect(((await out.json()) as { error: { code: string } }).error.code).toBe('items.move.acrossShares');
      expect(await parentOf('owner', note)).toBe(shared);

      // What Bob owns is his to share: moved into the shared box, Olivia sees it.
      expect((await send('owner', 'GET', `/api/items/get-item?itemId=${bobsNote}`)).status).toBe(404);
      expect((await move('bob', bobsNote, shared)).status).toBe(200);
      expect(await parentOf('owner', bobsNote)).toBe(shared);
      // But not back out: inside the share he is an editor.
      expect((await move('bob', bobsNote, bobsBox)).status).toBe(403);
    });

    it('lets an owner move an item out of the share: the editor loses it, and hears so live', async () => {
      const { shared, note } = await setUp();
      const socket = await connect(t.baseUrl, users.bob.token);
      try {
        const gone = nextEvent(socket, 'UPDATE_ITEM');
        const privateBox = await ok<Item>('owner', 'POST', '/api/items/create-item', {
          parentItemId: users.owner.root,
          itemType: 'todoBox',
          title: 'Olivia private',
        });
        expect((await move('owner', note, privateBox._id)).status).toBe(200);
        expect(await gone).toMatchObject({ itemId: note, removedFields: ['access'] });
        expect((await send('bob', 'GET', `/api/items/get-item?itemId=${note}`)).status).toBe(404);
        // And back: Bob sees it again, told by ADD_ITEM.
        const back = nextEvent(socket, 'ADD_ITEM');
        expect((await move('owner', note, shared)).status).toBe(200);
        expect((await back).item._id).toBe(note);
      } finally {
        socket.close();
      }
    });
  });

  it('names the levels in French', async () => {
    const box = await ok<Item>('owner', 'POST', '/api/items/create-item', {
      parentItemId: users.owner.root,
      itemType: 'todoBox',
      title: 'Vacances',
    });
    await share('owner', box._id, users.carol.id, 'readonly');
    const res = await t.request(`/api/items/get-users-associated?itemId=${box._id}`, {
      headers: { authorization: `Bearer ${users.owner.token}`, 'accept-language': 'fr' },
    });
    expect(((await res.json()) as ShareEntry[]).map((e) => e.ownershipName)).toEqual([
      'Propriétaire',
      'Lecture seule',
    ]);
  });

  it('tells who sees an item through the boxes above it, never beyond what the caller sees', async () => {
    const made = await tree(t, users.owner, { 'Holiday in Brittany': [{ Packing: ['Sunscreen'] }] });
    const [holiday, packing, sunscreen] = [made['Holiday in Brittany'], made.Packing, made.Sunscreen];
    await share('owner', holiday, users.bob.id, 'editor');
    await share('owner', packing, users.stranger.id, 'readonly');
    await share('owner', sunscreen, users.carol.id, 'readonly');
    const inherited = (as: keyof typeof users) =>
      ok<{ itemId: string; title: string; entries: ShareEntry[] }[]>(
        as,
        'GET',
        `/api/items/get-inherited-shares?itemId=${sunscreen}`,
      );
    const names = (boxes: Awaited<ReturnType<typeof inherited>>) =>
      boxes.map(({ title, entries }) => [title, entries.map((e) => `${e.name} (${e.ownershipName})`)]);

    // Olivia owns the text itself (named on it by the share): she is not repeated above.
    expect(names(await inherited('owner'))).toEqual([
      ['Packing', ['Stan Ger (Readonly)']],
      ['Holiday in Brittany', ['Bob Builder (Editor)']],
    ]);
    expect(names(await inherited('bob'))).toEqual(names(await inherited('owner')));
    // Stan sees Packing, not the box above it; Carol sees only the text.
    expect(names(await inherited('stranger'))).toEqual([['Packing', ['Stan Ger (Readonly)']]]);
    expect(await inherited('carol')).toEqual([]);
    // A box holds no Workspace above it worth telling: the owner alone, through her own.
    expect(await ok('owner', 'GET', `/api/items/get-inherited-shares?itemId=${holiday}`)).toEqual([]);
    expect((await send('stranger', 'GET', `/api/items/get-inherited-shares?itemId=${holiday}`)).status).toBe(
      404,
    );
  });
});
