import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { AccessLevel, Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import type { UserRow } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`items on ${testEngine}`, () => {
  let t: TestApp;
  let ann: UserRow;
  let annToken: string;
  let annRoot: string;
  let stranger: UserRow;
  let strangerToken: string;

  beforeAll(async () => {
    // Stated: late November in London, two quiet weeks before any DST change.
    t = await buildTestApp({ now: clockStartingAt(Date.UTC(2026, 10, 28, 12)) });
    ann = await createUser(t.database.db, { name: 'Ann' }, t.now());
    stranger = await createUser(t.database.db, { name: 'Stranger' }, t.now());
    annToken = await tokenFor(t.secrets.jwtSecret, ann, t.now());
    strangerToken = await tokenFor(t.secrets.jwtSecret, stranger, t.now());
    annRoot = await rootBoxOf(t.database.db, ann.id);
  });
  afterAll(() => t.close());

  /** Calls an items route: GET/DELETE parameters go in the query string, others in the body. */
  async function call(method: Method, name: string, params: Record<string, unknown>, token = annToken) {
    const inQuery = method === 'GET' || method === 'DELETE';
    const query = inQuery ? `?${new URLSearchParams(params as Record<string, string>)}` : '';
    return t.request(`/api/items/${name}${query}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(inQuery ? {} : { json: params }),
    });
  }
  async function ok<T = Item>(
    method: Method,
    name: string,
    params: Record<string, unknown>,
    token = annToken,
  ) {
    const res = await call(method, name, params, token);
    expect(res.status, `${name}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  const create = (parentItemId: string, itemType: 'todoBox' | 'todoText', title: string, extra = {}) =>
    ok('POST', 'create-item', { parentItemId, itemType, title, ...extra });
  const pane = (itemId: string) => ok<{ item: Item; items: Item[] }>('GET', 'get-items-for-pane', { itemId });
  const titles = async (itemId: string) => (await pane(itemId)).items.map((i) => i.title);

  it('gives every user a root box called Workspace that they own', async () => {
    const root = await ok('GET', 'get-item', { itemId: annRoot });
    expect(root).toMatchObject({
      title: 'Workspace',
      itemType: 'todoBox',
      isRootBox: true,
      accessLevel: 'owner',
    });
  });

  it('creates boxes and text items in order, before or after an anchor, and lists them in order', async () => {
    const box = await create(annRoot, 'todoBox', 'Groceries');
    const milk = await create(box._id, 'todoText', 'Milk');
    const eggs = await create(box._id, 'todoText', 'Eggs');
    await create(box._id, 'todoText', 'Bread', { beforeAfterReplace: 'before', relativeToItemId: milk._id });
    await create(box._id, 'todoText', 'Butter', { beforeAfterReplace: 'after', relativeToItemId: milk._id });
    await create(box._id, 'todoText', 'Jam', { beforeAfterReplace: 'after', relativeToItemId: eggs._id });
    const view = await pane(box._id);
    expect(view.items.map((i) => i.title)).toEqual(['Bread', 'Milk', 'Butter', 'Eggs', 'Jam']);
    expect(view.item.subItemsIndex).toEqual(view.items.map((i) => i._id));
    expect(view.items[0]).toMatchObject({
      itemType: 'todoText',
      parentItemId: box._id,
      accessLevel: 'owner',
      completed: false,
    });
  });

  it('keeps inserting between the same two items without losing the order', async () => {
    const box = await create(annRoot, 'todoBox', 'Dense');
    const first = await create(box._id, 'todoText', 'first');
    await create(box._id, 'todoText', 'last');
    let anchor = first._id;
    for (let i = 0; i < 60; i++) {
      anchor = (
        await create(box._id, 'todoText', `n${i}`, { beforeAfterReplace: 'after', relativeToItemId: anchor })
      )._id;
    }
    const order = await titles(box._id);
    expect(order).toEqual(['first', ...Array.from({ length: 60 }, (_, i) => `n${i}`), 'last']);
  });

  it('refuses missing and reserved box titles with the SPEC messages', async () => {
    const cases: [string, string][] = [
      ['', 'Enter a Box title.'],
      ['Workspace', "You cannot create a Box called 'Workspace' as this name is reserved."],
      ['my WORKSPACE stuff', "You cannot create a Box called 'Workspace' as this name is reserved."],
      ['favourites', "You cannot create a Box called 'Favourites' as this name is reserved."],
    ];
    for (const [title, message] of cases) {
      const res = await call('POST', 'create-item', { parentItemId: annRoot, itemType: 'todoBox', title });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({ title: message });
    }
    const box = await create(annRoot, 'todoBox', 'Ok');
    const rename = await call('POST', 'save-box-item', { itemId: box._id, title: 'Workspace 2' });
    expect(((await rename.json()) as ErrorBody).error.fields?.title).toContain('reserved');
    const code = await call('POST', 'save-box-item', { itemId: box._id, title: 'workspaces' });
    expect(((await code.json()) as ErrorBody).error.code).toBe('error.validation');
    expect(await titles(annRoot)).not.toContain('Workspace 2');
  });

  it('saves titles and texts', async () => {
    const box = await create(annRoot, 'todoBox', 'Draft');
    expect((await ok('POST', 'save-box-item', { itemId: box._id, title: '  Final ' })).title).toBe('Final');
    const text = await create(box._id, 'todoText', 'one');
    expect((await ok('POST', 'save-text-item', { itemId: text._id, title: 'two' })).title).toBe('two');
    const rootRename = await call('POST', 'save-box-item', { itemId: annRoot, title: 'Home' });
    expect(rootRename.status).toBe(400);
  });

  it('hides completed items unless the box shows them, and archived ones always', async () => {
    const box = await create(annRoot, 'todoBox', 'Visibility');
    const done = await create(box._id, 'todoText', 'done');
    const gone = await create(box._id, 'todoText', 'gone');
    await create(box._id, 'todoText', 'open');
    await ok('PUT', 'complete', { itemId: done._id });
    await ok('DELETE', 'archive', { itemId: gone._id });
    expect(await titles(box._id)).toEqual(['open']);
    const shown = await ok('PUT', 'update-setting', {
      itemId: box._id,
      settingKey: 'showCompletedItems',
      settingValue: true,
    });
    expect(shown.settings.showCompletedItems).toBe(true);
    expect(await titles(box._id)).toEqual(['done', 'open']);
    expect((await ok<{ count: number }>('GET', 'get-number-of-child-items', { itemId: box._id })).count).toBe(
      2,
    );
    await ok('PUT', 'uncomplete', { itemId: done._id });
    expect((await ok('GET', 'get-item', { itemId: done._id })).completed).toBe(false);
  });

  it('completes a box with everything inside it and clears their priorities', async () => {
    const box = await create(annRoot, 'todoBox', 'Project');
    const inner = await create(box._id, 'todoBox', 'Phase');
    const deep = await create(inner._id, 'todoText', 'deep task');
    await ok('PUT', 'update-item', { itemId: deep._id, prioritizable: true });
    await t.database.db
      .updateTable('user_items')
      .set({ priority: 16384, marked_for_today: 1 })
      .where('item_id', '=', deep._id)
      .execute();
    await ok('PUT', 'complete', { itemId: box._id });
    for (const id of [box._id, inner._id, deep._id])
      expect((await ok('GET', 'get-item', { itemId: id })).completed).toBe(true);
    expect(await ok('GET', 'get-item', { itemId: deep._id })).toMatchObject({
      priority: null,
      markedAsForToday: false,
      prioritizable: true,
    });
  });

  it('archives (closing its panes and those inside it) and restores into a chosen box', async () => {
    const box = await create(annRoot, 'todoBox', 'Old');
    const inner = await create(box._id, 'todoBox', 'Older');
    const target = await create(annRoot, 'todoBox', 'Attic');
    const now = t.now();
    await t.database.db
      .insertInto('panes')
      .values([
        { id: `p-${box._id}`, user_id: ann.id, position: 1, item_id: box._id, created_at: now },
        { id: `p-${inner._id}`, user_id: ann.id, position: 2, item_id: inner._id, created_at: now },
      ])
      .execute();
    const archived = await ok('DELETE', 'archive', { itemId: box._id });
    expect(archived.archivedDate).toBeGreaterThan(0);
    expect(await titles(annRoot)).not.toContain('Old');
    // Nothing goes into an archived box, and the refusal says why (a queued change names it).
    const into = await call('POST', 'create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title: 'Late',
    });
    expect(into.status).toBe(404);
    expect(((await into.json()) as ErrorBody).error.code).toBe('items.parent.archived');
    const panes = await t.database.db
      .selectFrom('panes')
      .select('id')
      .where('user_id', '=', ann.id)
      .execute();
    expect(panes).toEqual([]);

    const restored = await ok('PUT', 'unarchive', { itemId: box._id, parentItemId: target._id });
    expect(restored).toMatchObject({ archivedDate: null, parentItemId: target._id });
    expect(await titles(target._id)).toEqual(['Old']);
    expect((await call('DELETE', 'archive', { itemId: annRoot })).status).toBe(400);
  });

  it('sets auto-archive to now plus the chosen amount, clears it with None, and the sweep archives once', async () => {
    const text = await create(annRoot, 'todoText', 'ephemeral');
    const before = t.now();
    const set = await ok('PUT', 'auto-archive', { itemId: text._id, amount: 2, duration: 'weeks' });
    expect(set.autoArchiveAmount).toBe(2);
    expect(set.autoArchiveDuration).toBe('weeks');
    expect(set.autoArchiveTimestamp ?? 0).toBeGreaterThanOrEqual(before + 14 * 86_400_000);
    expect(set.autoArchiveTimestamp ?? 0).toBeLessThanOrEqual(t.now() + 14 * 86_400_000 + 3_600_000);
    const months = await ok('PUT', 'auto-archive', { itemId: text._id, amount: 1, duration: 'months' });
    expect(new Date(months.autoArchiveTimestamp ?? 0).getUTCMonth()).toBe(
      (new Date(t.now()).getUTCMonth() + 1) % 12,
    );
    const cleared = await ok('PUT', 'auto-archive', { itemId: text._id, amount: null });
    expect(cleared).toMatchObject({
      autoArchiveAmount: null,
      autoArchiveDuration: null,
      autoArchiveTimestamp: null,
    });
    const missing = await call('PUT', 'auto-archive', { itemId: text._id, amount: 3 });
    expect(missing.status).toBe(400);
  });

  it('moves an item into another box, never a box into itself or below itself', async () => {
    const a = await create(annRoot, 'todoBox', 'A');
    const b = await create(a._id, 'todoBox', 'B');
    const c = await create(annRoot, 'todoBox', 'C');
    const note = await create(a._id, 'todoText', 'note');
    for (const target of [a._id, b._id]) {
      const res = await call('PUT', 'move-to-new-parent', { itemId: a._id, newParentItemId: target });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'A box cannot be moved into itself or into one of the boxes inside it.',
      );
    }
    expect((await ok('GET', 'get-item', { itemId: a._id })).parentItemId).toBe(annRoot);
    const textParent = await call('PUT', 'move-to-new-parent', { itemId: c._id, newParentItemId: note._id });
    expect(textParent.status).toBe(400);
    const moved = await ok('PUT', 'move-to-new-parent', { itemId: a._id, newParentItemId: c._id });
    expect(moved.parentItemId).toBe(c._id);
    expect(await titles(c._id)).toEqual(['A']);
  });

  it('reorders within a pane and moves between panes next to the drop, refusing stale drags', async () => {
    const left = await create(annRoot, 'todoBox', 'Left');
    const right = await create(annRoot, 'todoBox', 'Right');
    const [a, b, c] = [
      await create(left._id, 'todoText', 'a'),
      await create(left._id, 'todoText', 'b'),
      await create(left._id, 'todoText', 'c'),
    ];
    const x = await create(right._id, 'todoText', 'x');
    await create(right._id, 'todoText', 'y');

    await ok('PUT', 'move-within-pane', {
      droppableItemId: left._id,
      draggableItemId: c._id,
      itemIdAdjacentToDrop: a._id,
      beforeAfter: 'before',
    });
    expect(await titles(left._id)).toEqual(['c', 'a', 'b']);
    await ok('PUT', 'move-within-pane', {
      droppableItemId: left._id,
      draggableItemId: c._id,
      itemIdAdjacentToDrop: b._id,
      beforeAfter: 'after',
    });
    expect(await titles(left._id)).toEqual(['a', 'b', 'c']);

    const moved = await ok('PUT', 'move-between-panes', {
      draggableItemId: b._id,
      sourceDroppableItemId: left._id,
      destDroppableItemId: right._id,
      itemIdAdjacentToDrop: x._id,
      beforeAfter: 'after',
    });
    expect(moved.parentItemId).toBe(right._id);
    expect(await titles(left._id)).toEqual(['a', 'c']);
    expect(await titles(right._id)).toEqual(['x', 'b', 'y']);

    const empty = await create(annRoot, 'todoBox', 'Empty');
    await ok('PUT', 'move-between-panes', {
      draggableItemId: a._id,
      sourceDroppableItemId: left._id,
      destDroppableItemId: empty._id,
      itemIdAdjacentToDrop: null,
    });
    expect(await titles(empty._id)).toEqual(['a']);

    const stale = await call('PUT', 'move-between-panes', {
      draggableItemId: b._id,
      sourceDroppableItemId: left._id,
      destDroppableItemId: empty._id,
      itemIdAdjacentToDrop: a._id,
      beforeAfter: 'before',
    });
    expect(stale.status).toBe(409);
    expect(await titles(right._id)).toEqual(['x', 'b', 'y']);

    const intoItself = await call('PUT', 'move-between-panes', {
      draggableItemId: left._id,
      sourceDroppableItemId: annRoot,
      destDroppableItemId: left._id,
    });
    expect(intoItself.status).toBe(400);
  });

  it('keeps favourites and prioritizable personal; only text items may be prioritised', async () => {
    const text = await create(annRoot, 'todoText', 'starred');
    const box = await create(annRoot, 'todoBox', 'Boxy');
    expect((await ok('PUT', 'update-item', { itemId: text._id, favourited: true })).favourited).toBe(true);
    expect((await ok('PUT', 'update-item', { itemId: text._id, prioritizable: true })).prioritizable).toBe(
      true,
    );
    const refused = await call('PUT', 'update-item', { itemId: box._id, prioritizable: true });
    expect(((await refused.json()) as ErrorBody).error.message).toBe('Only text items can be prioritised.');
    const dated = await ok('PUT', 'update-item', { itemId: text._id, priorityTargetDate: 1_800_000_000_000 });
    expect(dated.priorityTargetDate).toBe(1_800_000_000_000);
  });

  it('puts new text items of an auto-add box into the Unprioritized list', async () => {
    const box = await create(annRoot, 'todoBox', 'Inbox');
    await ok('PUT', 'update-setting', {
      itemId: box._id,
      settingKey: 'autoAddToUnprioritized',
      settingValue: true,
    });
    expect((await create(box._id, 'todoText', 'auto')).prioritizable).toBe(true);
    expect((await create(annRoot, 'todoText', 'manual')).prioritizable).toBe(false);
  });

  it('lists the items linked to the caller', async () => {
    const ids = await ok<string[]>('POST', 'get-user-associated-items', {
      idsOnly: true,
      limitToType: 'todoBox',
    });
    expect(ids).toEqual([annRoot]);
    const boxes = await ok<Item[]>('POST', 'get-user-associated-items', { idsOnly: false });
    expect(boxes[0]).toMatchObject({ _id: annRoot, accessLevel: 'owner' });
  });

  it('answers 404 to a stranger on every item route, and changes nothing', async () => {
    const box = await create(annRoot, 'todoBox', 'Private');
    const text = await create(box._id, 'todoText', 'secret');
    const strangerRoot = await rootBoxOf(t.database.db, stranger.id);
    const theirs = await ok(
      'POST',
      'create-item',
      { parentItemId: strangerRoot, itemType: 'todoText', title: 'theirs' },
      strangerToken,
    );
    const attempts: [Method, string, Record<string, unknown>][] = [
      ['GET', 'get-item', { itemId: text._id }],
      ['GET', 'get-items-for-pane', { itemId: box._id }],
      ['GET', 'get-number-of-child-items', { itemId: box._id }],
      ['POST', 'create-item', { parentItemId: box._id, itemType: 'todoText', title: 'x' }],
      ['POST', 'save-box-item', { itemId: box._id, title: 'Mine' }],
      ['POST', 'save-text-item', { itemId: text._id, title: 'mine' }],
      ['PUT', 'update-setting', { itemId: box._id, settingKey: 'showCompletedItems', settingValue: true }],
      ['PUT', 'update-item', { itemId: text._id, favourited: true }],
      ['PUT', 'complete', { itemId: text._id }],
      ['PUT', 'uncomplete', { itemId: text._id }],
      ['DELETE', 'archive', { itemId: text._id }],
      ['PUT', 'unarchive', { itemId: text._id, parentItemId: strangerRoot }],
      ['PUT', 'auto-archive', { itemId: text._id, amount: 1, duration: 'days' }],
      ['PUT', 'move-to-new-parent', { itemId: text._id, newParentItemId: strangerRoot }],
      ['PUT', 'move-within-pane', { droppableItemId: box._id, draggableItemId: text._id }],
      [
        'PUT',
        'move-between-panes',
        { draggableItemId: text._id, sourceDroppableItemId: box._id, destDroppableItemId: strangerRoot },
      ],
      [
        'PUT',
        'move-to-new-parent',
        {
          itemId: theirs._id,
          newParentItemId: box._id,
        },
      ],
    ];
    for (const [method, name, params] of attempts) {
      const res = await call(method, name, params, strangerToken);
      expect(res.status, `${method} ${name}`).toBe(404);
    }
    expect(await titles(box._id)).toEqual(['secret']);
    expect(await ok('GET', 'get-item', { itemId: text._id })).toMatchObject({
      title: 'secret',
      completed: false,
      archivedDate: null,
    });
  });

  it('inherits the level of the nearest shared box: readonly reads, 403 on change; editor changes', async () => {
    const shared = await create(annRoot, 'todoBox', 'Shared');
    const inner = await create(shared._id, 'todoBox', 'Inner');
    const task = await create(inner._id, 'todoText', 'task');
    const link = (level: AccessLevel) =>
      t.database.db
        .insertInto('item_users')
        .values({ item_id: shared._id, user_id: stranger.id, level, created_at: t.now() })
        .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet({ level }))
        .execute();

    await link('readonly');
    expect((await ok('GET', 'get-item', { itemId: task._id }, strangerToken)).accessLevel).toBe('readonly');
    expect(
      (await ok<{ items: Item[] }>('GET', 'get-items-for-pane', { itemId: inner._id }, strangerToken)).items,
    ).toHaveLength(1);
    for (const [method, name, params] of [
      ['POST', 'save-text-item', { itemId: task._id, title: 'changed' }],
      ['PUT', 'complete', { itemId: task._id }],
      ['DELETE', 'archive', { itemId: task._id }],
      ['POST', 'create-item', { parentItemId: inner._id, itemType: 'todoText', title: 'x' }],
    ] as [Method, string, Record<string, unknown>][]) {
      expect((await call(method, name, params, strangerToken)).status, name).toBe(403);
    }
    // A personal star needs only read access.
    expect(
      (await ok('PUT', 'update-item', { itemId: task._id, favourited: true }, strangerToken)).favourited,
    ).toBe(true);
    expect((await ok('GET', 'get-item', { itemId: task._id })).favourited).toBe(false);

    await link('editor');
    expect(
      (await ok('POST', 'save-text-item', { itemId: task._id, title: 'changed' }, strangerToken)).title,
    ).toBe('changed');
  });

  it('answers 401 without a token', async () => {
    const res = await t.request(`/api/items/get-item?itemId=${annRoot}`);
    expect(res.status).toBe(401);
  });
});
