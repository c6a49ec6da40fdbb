import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as giveWorkspacesBack } from '../../db/migrations/0006-root-box-links.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

const ROOT_BOX = 'A Workspace cannot be shared, and who sees it cannot be changed.';

describe(`sharing refuses what it cannot do on ${testEngine}`, () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createSignedInUser(t, { name: 'Alice' });
    bob = await createSignedInUser(t, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => alice.token,
  );
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
  const linksTo = async (itemId: string) =>
    (
      await t.database.db
        .selectFrom('item_users')
        .select(['user_id', 'level'])
        .where('item_id', '=', itemId)
        .orderBy('user_id')
        .execute()
    ).map((link) => [link.user_id, link.level]);
  /** A Workspace shared as an earlier version allowed, written straight into the database. */
  const shareWorkspaceTheOldWay = () =>
    t.database.db
      .insertInto('item_users')
      .values({ item_id: alice.root, user_id: bob.id, level: 'owner', created_at: Date.now() })
      .execute();

  it('refuses, with its own message, sharing with oneself a box one already sees through a parent', async () => {
    const trip = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: alice.root,
      itemType: 'todoBox',
      title: 'Trip',
    });
    const packing = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: trip._id,
      itemType: 'todoBox',
      title: 'Packing',
    });
    await ok('PUT', '/api/items/associate-user', { itemId: trip._id, userId: bob.id, ownershipId: 'owner' });
    for (const ownershipId of ['owner', 'readonly']) {
      const res = await send(
        'PUT',
        '/api/items/associate-user',
        { itemId: packing._id, userId: bob.id, ownershipId },
        bob.token,
      );
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: 'share.self',
        message: 'You cannot share an item with yourself: you can already see it.',
      });
    }
    const own = await send('PUT', '/api/items/associate-user', { itemId: trip._id, userId: alice.id });
    expect((await errorOf(own)).code).toBe('share.self');
    expect(await linksTo(packing._id)).toEqual([]);
    expect(
      await ok<ShareEntry[]>(
        'GET',
        `/api/items/get-users-associated?itemId=${packing._id}`,
        undefined,
        bob.token,
      ),
    ).toEqual([]);
  });

  it('refuses sharing a Workspace, or changing its level, in English and French', async () => {
    const shared = await send('PUT', '/api/items/associate-user', {
      itemId: alice.root,
      userId: bob.id,
      ownershipId: 'owner',
    });
    expect(shared.status).toBe(400);
    expect(await errorOf(shared)).toEqual({ code: 'share.rootBox', message: ROOT_BOX });
    expect((await send('GET', `/api/items/get-item?itemId=${alice.root}`, undefined, bob.token)).status).toBe(
      404,
    );
    const french = await t.request('/api/items/update-ownership', {
      method: 'PUT',
      headers: { authorization: `Bearer ${alice.token}`, 'accept-language': 'fr' },
      json: { itemId: alice.root, userId: alice.id, ownershipId: 'owner' },
    });
    expect(french.status).toBe(400);
    expect((await errorOf(french)).message).toBe(
      'Un espace de travail ne peut pas être partagé, et la liste de ceux qui le voient ne peut pas être modifiée.',
    );
    expect(await linksTo(alice.root)).toEqual([[alice.id, 'owner']]);
  });

  it('never lets anyone be unlinked from a Workspace shared by an earlier version, nor its creator lose it', async () => {
    await shareWorkspaceTheOldWay();
    const calls = [
      [bob, `/api/items/remove-association?itemId=${alice.root}&userId=${alice.id}`],
      [alice, `/api/items/remove-association?itemId=${alice.root}&userId=${bob.id}`],
    ] as const;
    for (const [caller, path] of calls) {
      const res = await send('DELETE', path, undefined, caller.token);
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).code).toBe('share.rootBox');
    }
    const demoted = await send(
      'PUT',
      '/api/items/update-ownership',
      { itemId: alice.root, userId: alice.id, ownershipId: 'readonly' },
      bob.token,
    );
    expect((await errorOf(demoted)).code).toBe('share.rootBox');
    expect((await ok<Item>('GET', `/api/items/get-item?itemId=${alice.root}`)).accessLevel).toBe('owner');
  });

  it('gives every Workspace back to its creator alone on upgrade', async () => {
    // As an earlier version could leave it: Alice's Workspace shared with Bob, who removed Alice.
    await t.database.db.deleteFrom('item_users').where('item_id', '=', alice.root).execute();
    await shareWorkspaceTheOldWay();
    // Migrations are typed for any schema; this one reads only items and item_users.
    await giveWorkspacesBack(t.database.db as unknown as Kysely<unknown>);
    expect(await linksTo(alice.root)).toEqual([[alice.id, 'owner']]);
    expect(await linksTo(bob.root)).toEqual([[bob.id, 'owner']]);
    expect((await ok<Item>('GET', `/api/items/get-item?itemId=${alice.root}`)).accessLevel).toBe('owner');
    expect((await send('GET', `/api/items/get-item?itemId=${alice.root}`, undefined, bob.token)).status).toBe(
      404,
    );
  });
});
