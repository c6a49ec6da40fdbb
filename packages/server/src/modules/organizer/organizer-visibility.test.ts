import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

/** The Organizer lists only what the caller can still see, each with the level of its nearest link. */
describe(`organizer visibility on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;
  const { ok } = signedInApp(async (app, user) => {
    [t, me, other] = [app, user, await createSignedInUser(app)];
  });
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
    const {
      Outer: outer,
      'deep task': deep,
      'beside task': beside,
    } = await tree(t, me, [{ Outer: [{ Inner: ['deep task'] }] }, 'beside task']);
    await rank(deep, 1000);
    await rank(beside, 2000);
    expect((await organizer()).get('deep task')?.accessLevel).toBe('owner');

    await ok('DELETE', `/api/items/archive?itemId=${outer}`);
    const after = await organizer();
    expect(after.has('deep task')).toBe(false);
    expect(after.has('beside task')).toBe(true);

    await ok('PUT', '/api/items/unarchive', { itemId: outer, parentItemId: me.root });
    expect((await organizer()).get('deep task')?.parentTitle).toBe('Inner');
  });

  it('shows shared items with the level of the nearest link, and drops them when the share is removed', async () => {
    const ids = await tree(t, other, [
      { 'Their project': [{ 'Their sub-box': ['sub task'] }, 'project task'] },
      'direct task',
    ]);
    const [project, sub, inProject, inSub, direct] = [
      ids['Their project'],
      ids['Their sub-box'],
      ids['project task'],
      ids['sub task'],
      ids['direct task'],
    ];
    await share(project, 'editor');
    await share(sub, 'readonly');
    await share(direct, 'readonly');
    await rank(inProject, 3000);
    await rank(inSub, 4000);
    await rank(direct, 5000);

    const shown = await organizer();
    expect(shown.get('project task')?.accessLevel).toBe('editor');
    expect(shown.get('sub task')?.accessLevel).toBe('readonly');
    expect(shown.get('sub task')?.parentTitle).toBe('Their sub-box');
    // Linked directly: its own link counts, though its box is not shared.
    expect(shown.get('direct task')?.accessLevel).toBe('readonly');

    // The sub-box's own share gone, the project's reaches it.
    await unshare(sub);
    expect((await organizer()).get('sub task')?.accessLevel).toBe('editor');

    await unshare(project);
    const after = await organizer();
    expect(after.has('project task')).toBe(false);
    expect(after.has('sub task')).toBe(false);
    expect(after.has('direct task')).toBe(true);

    // A share of a box inside an archived box of theirs shows nothing below the archived one.
    await share(project, 'editor');
    await ok('DELETE', `/api/items/archive?itemId=${sub}`, undefined, other.token);
    const archived = await organizer();
    expect(archived.has('sub task')).toBe(false);
    expect(archived.get('project task')?.accessLevel).toBe('editor');
  });
});
