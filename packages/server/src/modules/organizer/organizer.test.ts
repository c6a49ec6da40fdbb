import { PRIORITY_LIMIT } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`organizer on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;
  const { send, ok } = signedInApp(async (app, user) => {
    [t, me, other] = [app, user, await createSignedInUser(app)];
  });
  const prioritised = async () =>
    (await ok<OrganizerItem[]>('GET', '/api/items/get-prioritized-items')).map((i) => i.title);

  it('lists prioritizable items, ranks them, and keeps their parents', async () => {
    const { Errands: box, a, b, c } = await tree(t, me, { Errands: ['a', 'b', 'c'] });
    await ok('PUT', '/api/items/update-item', { itemId: c, prioritizable: true });
    await ok('PUT', '/api/items/update-priority', { itemId: a, priority: 32768 });
    await ok('PUT', '/api/items/update-priority', { itemId: b, priority: 16384, markedAsForToday: true });
    expect(await prioritised()).toEqual(['b', 'a']);

    const organizer = await ok<{
      organizerItems: OrganizerItem[];
      parentOrganizerItems: Record<string, { title: string }>;
    }>('GET', '/api/items/get-organizer');
    expect(organizer.organizerItems.map((i) => [i.title, i.priority, i.markedAsForToday])).toEqual([
      ['b', 16384, true],
      ['a', 32768, false],
      ['c', null, false],
    ]);
    expect(organizer.organizerItems[0]?.parentTitle).toBe('Errands');
    expect(organizer.parentOrganizerItems[box]?.title).toBe('Errands');
  });

  it('sets the shared target date with the priority, and only text items rank', async () => {
    const { dated: item } = await tree(t, me, ['dated']);
    const updated = await ok<Item>('PUT', '/api/items/update-priority', {
      itemId: item,
      priority: 50000,
      priorityTargetDate: 1_900_000_000_000,
    });
    expect(updated).toMatchObject({
      prioritizable: true,
      priority: 50000,
      priorityTargetDate: 1_900_000_000_000,
    });
    const { 'Not rankable': box } = await tree(t, me, { 'Not rankable': [] });
    expect((await send('PUT', '/api/items/update-priority', { itemId: box, priority: 1 })).status).toBe(400);
  });

  it('refuses a rank beyond the limit with a translated 400, and keeps the one it had', async () => {
    const { bounded: item } = await tree(t, me, ['bounded']);
    await ok('PUT', '/api/items/update-priority', { itemId: item, priority: PRIORITY_LIMIT });
    for (const priority of [1e308, -1e308, PRIORITY_LIMIT * 2])
      for (const [language, message] of [
        ['en-GB', 'This value is not valid.'],
        ['fr', 'Cette valeur n’est pas valide.'],
      ] as const) {
        const res = await t.request('/api/items/update-priority', {
          method: 'PUT',
          headers: { authorization: `Bearer ${me.token}`, 'accept-language': language },
          json: { itemId: item, priority },
        });
        expect(res.status).toBe(400);
        expect(JSON.stringify(await res.json())).toContain(message);
      }
    const now = await ok<Item>('GET', `/api/items/get-item?itemId=${item}`);
    expect(now.priority).toBe(PRIORITY_LIMIT);
  });

  it('drops completed items and items no longer shared; switching prioritizable off removes the rank', async () => {
    const { 'to complete': done } = await tree(t, me, ['to complete']);
    await ok('PUT', '/api/items/update-priority', { itemId: done, priority: 70000 });
    await ok('PUT', '/api/items/complete', { itemId: done });
    expect(await prioritised()).not.toContain('to complete');

    const { 'switched off': off } = await tree(t, me, ['switched off']);
    await ok('PUT', '/api/items/update-priority', { itemId: off, priority: 80000 });
    await ok('PUT', '/api/items/update-item', { itemId: off, prioritizable: false });
    expect(await prioritised()).not.toContain('switched off');

    const { Theirs: theirs, 'shared task': shared } = await tree(t, other, { Theirs: ['shared task'] });
    await t.database.db
      .insertInto('item_users')
      .values({ item_id: theirs, user_id: me.id, level: 'readonly', created_at: Date.now() })
      .execute();
    await ok('PUT', '/api/items/update-priority', { itemId: shared, priority: 90000 });
    expect(await prioritised()).toContain('shared task');
    // A readonly member ranks for themselves but cannot change the shared target date.
    expect(
      (
        await send('PUT', '/api/items/update-priority', {
          itemId: shared,
          priority: 1,
          priorityTargetDate: 1,
        })
      ).status,
    ).toBe(403);
    await t.database.db
      .deleteFrom('item_users')
      .where('item_id', '=', theirs)
      .where('user_id', '=', me.id)
      .execute();
    expect(await prioritised()).not.toContain('shared task');
    expect((await send('PUT', '/api/items/update-priority', { itemId: shared, priority: 1 })).status).toBe(
      404,
    );
  });

  it('reindexes evenly, keeping the order', async () => {
    const before = await prioritised();
    const renumbered = await ok<Record<string, number>>('PUT', '/api/items/reindex-priorities');
    expect(Object.values(renumbered).sort((x, y) => x - y)).toEqual(before.map((_, i) => (i + 1) * 16384));
    expect(await prioritised()).toEqual(before);
  });

  it('persists the split and the Unprioritized order, and refuses bad values', async () => {
    await ok('PUT', '/api/organizer/prioritized-width', { percentage: 62.5 });
    await ok('PUT', '/api/organizer/unprioritized-order', { column: 'parentTitle', dir: 'asc' });
    const user = await ok<User>('GET', '/api/admin/users/get-user');
    expect(user.organizer).toEqual({
      prioritizedSplitPercentage: 62.5,
      unprioritizedListOrderBy: 'parentTitle',
      unprioritizedListOrderByDir: 'asc',
    });
    expect(
      (await send('PUT', '/api/organizer/unprioritized-order', { column: 'priority', dir: 'asc' })).status,
    ).toBe(400);
    expect((await send('PUT', '/api/organizer/prioritized-width', { percentage: 99 })).status).toBe(400);
  });

  it('answers 404 to a stranger and keeps each Organizer personal', async () => {
    const { 'mine only': mine } = await tree(t, me, ['mine only']);
    expect(
      (await send('PUT', '/api/items/update-priority', { itemId: mine, priority: 5 }, other.token)).status,
    ).toBe(404);
    const theirs = (
      await ok<OrganizerItem[]>('GET', '/api/items/get-prioritized-items', undefined, other.token)
    ).map((i) => i.title);
    expect(theirs).toEqual([]);
  });
});
