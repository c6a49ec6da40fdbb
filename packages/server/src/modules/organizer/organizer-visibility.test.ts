import type { AccessLevel, Item } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

/** The Organizer lists only what the caller can still see, each with the level of its nearest link. */
describe(`organizer visibility on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    me = await createSignedInUser(t);
    other = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const { ok } = apiCalls(
    () => t,
    () => me.token,
  );
  const create = (itemType: string, title: string, parentItemId: string, as = me.token) =>
    ok<Item>('POST', '/api/items/create-item', { parentItemId, itemType, title }, as);
  const share = (itemId: string, level: AccessLevel) =>
    t.database.db
      .insertInto('item_users')
      .values({ item_id: itemId, user_id: me.id, level, created_at: 1 })
      .execute();
  const unshare = (itemId: string) =>
    t.database.db
      .deleteFrom('item_users')
      .where('item_id', '=', itemId)
      .where('user_id', '=', me.id)
      .execute();
  const rank = (itemId: string, priority: number) =>
    ok('PUT', '/api/items/update-priority', { itemId, priority });
  const organizer = async () =>
    new Map(
      (await ok<{ organizerItems: OrganizerItem[] }>('GET', '/api/items/get-organizer')).organizerItems.map(
        (item) => [item.title, item],
      ),
    );

  it('leaves out items inside an archived box, even deep down, and brings them back on unarchiving', async () => {
    const outer = await create('todoBox', 'Outer', me.root);
    const inner = await create('todoBox', 'Inner', outer._id);
    const deep = await create('todoText', 'deep task', inner._id);
    const beside = await create('todoText', 'beside task', me.root);
    await rank(deep._id, 1000);
    await rank(beside._id, 2000);
    expect((await organizer()).get('deep task')?.accessLevel).toBe('owner');

    await ok('DELETE', `/api/items/archive?itemId=${outer._id}`);
    const after = await organizer();
    expect(after.has('deep task')).toBe(false);
    expect(after.has('beside task')).toBe(true);

    await ok('PUT', '/api/items/unarchive', { itemId: outer._id, parentItemId: me.root });
    expect((await organizer()).get('deep task')?.parentTitle).toBe('Inner');
  });

  it('shows shared items with the level of the nearest link, and drops them when the share is removed', async () => {
    const project = await create('todoBox', 'Their project', other.root, other.token);
    const sub = await create('todoBox', 'Their sub-box', project._id, other.token);
    const inProject = await create('todoText', 'project task', project._id, other.token);
    const inSub = await create('todoText', 'sub task', sub._id, other.token);
    const direct = await create('todoText', 'direct task', other.root, other.token);
    await share(project._id, 'editor');
    await share(sub._id, 'readonly');
    await share(direct._id, 'readonly');
    await rank(inProject._id, 3000);
    await rank(inSub._id, 4000);
    await rank(direct._id, 5000);

    const shown = await organizer();
    expect(shown.get('project task')?.accessLevel).toBe('editor');
    expect(shown.get('sub task')?.accessLevel).toBe('readonly');
    expect(shown.get('sub task')?.parentTitle).toBe('Their sub-box');
    // Linked directly: its own link counts, though its box is not shared.
    expect(shown.get('direct task')?.accessLevel).toBe('readonly');

    // The sub-box's own share gone, the project's reaches it.
    await unshare(sub._id);
    expect((await organizer()).get('sub task')?.accessLevel).toBe('editor');

    await unshare(project._id);
    const after = await organizer();
    expect(after.has('project task')).toBe(false);
    expect(after.has('sub task')).toBe(false);
    expect(after.has('direct task')).toBe(true);

    // A share of a box inside an archived box of theirs shows nothing below the archived one.
    await share(project._id, 'editor');
    await ok('DELETE', `/api/items/archive?itemId=${sub._id}`, undefined, other.token);
    const archived = await organizer();
    expect(archived.has('sub task')).toBe(false);
    expect(archived.get('project task')?.accessLevel).toBe('editor');
  });
});
