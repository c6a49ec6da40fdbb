import type { Item } from '@nestbox/shared/items/item.schema';
import type { ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { findRootBox } from '../items/items.repository.js';

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
      const user = await createUser(t.database.db, { name });
      users[key] = {
        ...user,
        token: await tokenFor(t.secrets.jwtSecret, user),
        root: (await findRootBox(t.database.db, user.id))?.id ?? '',
      };
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

  it('finds people to share with by name or e-mail start, never oneself, only from two characters', async () => {
    const hits = await ok<{ _id: string; name: string }[]>(
      'owner',
      'GET',
      '/api/users/search-users?searchTerm=bui',
    );
    expect(hits).toEqual([{ _id: users.bob.id, name: 'Bob Builder' }]);
    expect(await ok('owner', 'GET', '/api/users/search-users?searchTerm=olivia')).toEqual([]);
    expect((await send('owner', 'GET', '/api/users/search-users?searchTerm=b')).status).toBe(400);
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
});
