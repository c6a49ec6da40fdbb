import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { FindItemsResponse, FoundItem } from '@nestbox/shared/items/find.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../events/domain-events.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, insertItemRow, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { type TreeSpec, tree } from '../../test/tree.js';
import { createFindService, SEEN_KEPT_MS } from './find.service.js';

describe(`find-items on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;
  const ids: Record<string, string> = {};

  const { send, ok } = apiCalls(
    () => t,
    () => me.token,
  );
  /** Builds a tree (`tree`'s spec) and keeps the new items' ids by title. */
  const make = async (as: SignedInUser, spec: TreeSpec, parent?: string) =>
    Object.assign(ids, await tree(t, as, spec, parent));
  const id = (key: string) => ids[key] ?? '';
  const find = async (query: string, as = me) =>
    (await ok<FindItemsResponse>('GET', `/api/items/find-items?${query}`, undefined, as.token)).results;
  const titles = async (query: string, as = me) => (await find(query, as)).map((r) => r.title);
  const found = async (query: string, title: string, as = me): Promise<FoundItem | undefined> =>
    (await find(query, as)).find((r) => r.title === title);

  beforeAll(async () => {
    t = await buildTestApp();
    me = await createSignedInUser(t);
    alice = await createSignedInUser(t);
    bob = await createSignedInUser(t);

    // Mine: Home › Kitchen › texts, three levels below the Workspace.
    await make(me, [
      { Home: [{ 'Kitchen drawers': ['Ranger les épices', 'Sharpen the knives'] }] },
      { 'École maternelle': [] },
      'Œuvres de Noël',
      'Купить хлеб',
    ]);
    await make(me, ['Kitchen drawers label'], id('Kitchen drawers'));
    await ok('PUT', '/api/items/complete', { itemId: id('Kitchen drawers label') });
    await make(me, { Attic: ['Old kitchen chairs'] }, id('Home'));
    await ok('DELETE', `/api/items/archive?itemId=${id('Attic')}`);
    await make(me, ['Kitchen scale to archive'], id('Home'));
    await ok('DELETE', `/api/items/archive?itemId=${id('Kitchen scale to archive')}`);

    // Alice's: Farm › Orchard › Pear trees, Orchard shared with me as an editor, and a
    // readonly text of her private box; a private box I never see.
    await make(alice, [
      { Farm: [{ Orchard: [{ 'Pear trees': ['Prune the pear trees'] }] }, 'Pear tart recipe'] },
      { 'Secret pear stash': [] },
    ]);
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: id('Orchard'), userId: me.id, ownershipId: 'editor' },
      alice.token,
    );
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: id('Pear tart recipe'), userId: me.id, ownershipId: 'readonly' },
      alice.token,
    );
    // Bob's, never shared.
    await make(bob, ['Bob kitchen drawers plan']);
    // Two items alike but for their type, made last (the most recently changed).
    ids.twinBox = (await tree(t, me, { 'Zebra crossing': [] }))['Zebra crossing'];
    ids.twinText = (await tree(t, me, ['Zebra crossing'], id('Home')))['Zebra crossing'];
  });
  afterAll(() => t.close());

  it('matches every word in any order, and highlights the matched parts of the title', async () => {
    expect(await titles('q=drawers%20kitchen&type=todoBox')).toEqual(['Kitchen drawers']);
    const kitchen = await found('q=draw%20kitch', 'Kitchen drawers');
    expect(kitchen?.highlights).toEqual([
      [0, 5],
      [8, 12],
    ]);
    expect(await titles('q=knives%20sharpen')).toEqual(['Sharpen the knives']);
    expect(await titles('q=knives%20pear')).toEqual([]);
  });

  it('folds accents both ways and forgives a typo in a long word', async () => {
    expect(await titles('q=epices')).toEqual(['Ranger les épices']);
    expect(await titles('q=ecole')).toEqual(['École maternelle']);
    expect(await titles(`q=${encodeURIComponent('rangér')}`)).toEqual(['Ranger les épices']);
    const spices = await found('q=epices', 'Ranger les épices');
    expect(spices?.highlights).toEqual([[11, 17]]);
    expect(await titles('q=sharpne')).toEqual(['Sharpen the knives']);
    // Letters beyond a–z once folded: œ, Cyrillic.
    expect(await titles(`q=${encodeURIComponent('œuvres')}`)).toEqual(['Œuvres de Noël']);
    expect(await titles(`q=${encodeURIComponent('хлеб')}`)).toEqual(['Купить хлеб']);
  });

  it('names the boxes above each item that the caller sees, outermost first, without the Workspace', async () => {
    expect(await found('q=epices', 'Ranger les épices')).toEqual({
      _id: id('Ranger les épices'),
      title: 'Ranger les épices',
      itemType: 'todoText',
      completed: false,
      parentItemId: id('Kitchen drawers'),
      path: ['Home', 'Kitchen drawers'],
      highlights: [[11, 17]],
    });
    expect(await found('q=home', 'Home')).toMatchObject({ path: [], parentItemId: me.root });
  });

  it('finds what is shared with the caller, its path cut where their sight ends', async () => {
    expect(await found('q=prune', 'Prune the pear trees')).toMatchObject({
      path: ['Orchard', 'Pear trees'],
      parentItemId: id('Pear trees'),
    });
    expect(await found('q=orchard', 'Orchard')).toMatchObject({ path: [], parentItemId: null });
    // Shared readonly on its own: found, its box (Alice's private Farm) unnamed.
    expect(await found('q=tart', 'Pear tart recipe')).toMatchObject({ path: [], parentItemId: null });
  });

  it("never finds another person's private items", async () => {
    expect(await titles('q=pear')).toEqual(['Pear trees', 'Pear tart recipe', 'Prune the pear trees']);
    expect(await titles('q=secret')).toEqual([]);
    expect(await titles('q=bob%20plan')).toEqual([]);
    expect(await titles('q=secret', alice)).toEqual(['Secret pear stash']);
    expect(await titles('q=epices', bob)).toEqual([]);
  });

  it('leaves archived items (and what archived boxes hold) out, and ranks completed ones last', async () => {
    expect(await titles('q=kitchen')).toEqual(['Kitchen drawers', 'Kitchen drawers label']);
    expect(await found('q=kitchen', 'Kitchen drawers label')).toMatchObject({ completed: true });
    expect(await titles('q=attic')).toEqual([]);
    expect(await titles('q=chairs')).toEqual([]);
  });

  it('keeps to one type when asked, and ranks boxes before texts on an equal match', async () => {
    expect((await find('q=zebra')).map((r) => r.itemType)).toEqual(['todoBox', 'todoText']);
    expect((await find('q=zebra&type=todoText')).map((r) => r._id)).toEqual([id('twinText')]);
    expect((await find('q=zebra&type=todoBox')).map((r) => r._id)).toEqual([id('twinBox')]);
  });

  it('answers at most `limit` results', async () => {
    expect(await find('q=e&limit=2')).toHaveLength(2);
    expect((await find('q=e')).length).toBeGreaterThan(2);
    expect(await find('q=e&limit=50')).not.toHaveLength(0);
  });

  it('answers the most recently changed items it can show for an empty query, open ones first', async () => {
    const recent = await find('q=');
    expect(recent.slice(0, 2).map((r) => r._id)).toEqual([id('twinText'), id('twinBox')]);
    expect(recent.map((r) => r.title)).not.toContain('Workspace');
    expect(recent.map((r) => r.title)).not.toContain('Attic');
    expect(recent.at(-1)).toMatchObject({ title: 'Kitchen drawers label', completed: true });
    await ok('POST', '/api/items/save-text-item', {
      itemId: id('Sharpen the knives'),
      title: 'Sharpen the knives!',
    });
    expect((await find('q=%20%20')).map((r) => r.title)[0]).toBe('Sharpen the knives!');
    expect((await find('limit=1&type=todoBox')).map((r) => r.title)).toEqual(['Zebra crossing']);
    expect(await find('q=&limit=3')).toHaveLength(3);
  });

  it('refuses a limit out of 1 … 50 and an unknown type with a translated 400', async () => {
    for (const query of ['q=a&limit=0', 'q=a&limit=51', 'q=a&limit=abc', 'q=a&type=note']) {
      const res = await send('GET', `/api/items/find-items?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code, query).toBe('error.validation');
    }
    const french = await t.request('/api/items/find-items?q=a&limit=51', {
      headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'fr' },
    });
    expect(french.status).toBe(400);
    expect(((await french.json()) as ErrorBody).error.message).toBe(
      'Certaines des informations saisies ne sont pas valides.',
    );
    const long = await send('GET', `/api/items/find-items?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
  });

  it('finds at once what changed since the previous query, however it changed', async () => {
    expect(await titles('q=walrus')).toEqual([]);
    await make(me, ['Walrus food'], id('Home'));
    expect(await titles('q=walrus')).toEqual(['Walrus food']);
    await ok('POST', '/api/items/save-text-item', { itemId: id('Walrus food'), title: 'Seal food' });
    expect(await titles('q=walrus')).toEqual([]);
    await ok('PUT', '/api/items/move-to-new-parent', {
      itemId: id('Walrus food'),
      newParentItemId: id('Kitchen drawers'),
    });
    expect(await found('q=seal', 'Seal food')).toMatchObject({ path: ['Home', 'Kitchen drawers'] });
    await ok('DELETE', `/api/items/archive?itemId=${id('Walrus food')}`);
    expect(await titles('q=seal')).toEqual([]);

    // Another person shares, and stops sharing.
    await make(alice, { Beehives: [] });
    expect(await titles('q=beehives')).toEqual([]);
    const share = { itemId: id('Beehives'), userId: me.id, ownershipId: 'readonly' };
    await ok('PUT', '/api/items/associate-user', share, alice.token);
    expect(await titles('q=beehives')).toEqual(['Beehives']);
    await ok(
      'DELETE',
      `/api/items/remove-association?itemId=${id('Beehives')}&userId=${me.id}`,
      undefined,
      alice.token,
    );
    expect(await titles('q=beehives')).toEqual([]);
  });

  it('keeps what a person sees for a moment, until an item changes', async () => {
    const events = createDomainEvents();
    let clock = 1_000;
    const finder = createFindService({ db: t.database.db, events, cached: true, now: () => clock });
    const ask = async (q: string) =>
      (await finder.find(me, { q, limit: 20 })).results.map((result) => result.title);
    expect(await ask('narwhal')).toEqual([]);
    // Written behind the service's back: unseen while kept, seen once the moment has passed.
    await insertItemRow(t.database.db, {
      type: 'todoText',
      parent: me.root,
      createdBy: me.id,
      title: 'Narwhal',
    });
    expect(await ask('narwhal')).toEqual([]);
    clock += SEEN_KEPT_MS;
    expect(await ask('narwhal')).toEqual(['Narwhal']);
    await insertItemRow(t.database.db, {
      type: 'todoText',
      parent: me.root,
      createdBy: me.id,
      title: 'Narwhal two',
    });
    expect(await ask('narwhal')).toEqual(['Narwhal']);
    events.emit('items.created', { itemIds: [] });
    expect(await ask('narwhal')).toEqual(['Narwhal', 'Narwhal two']);
    // Without `cached`, every query reads afresh.
    const fresh = createFindService({ db: t.database.db, events: createDomainEvents(), now: t.now });
    await insertItemRow(t.database.db, {
      type: 'todoText',
      parent: me.root,
      createdBy: me.id,
      title: 'Narwhal three',
    });
    expect((await fresh.find(me, { q: 'narwhal', limit: 20 })).results).toHaveLength(3);
  });

  it('is described in the OpenAPI document with its query and answer', async () => {
    const doc = (await (await t.request('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string }[]; responses: object }>>;
      components: { schemas: Record<string, unknown> };
    };
    const route = doc.paths['/api/items/find-items']?.get;
    expect(route?.parameters.map((p) => p.name)).toEqual(['q', 'type', 'limit']);
    expect(route?.responses).toHaveProperty('200');
    expect(doc.components.schemas).toHaveProperty('FoundItem');
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('/api/items/find-items?q=kitchen')).status).toBe(401);
    const res = await t.request('/api/items/find-items?q=kitchen', {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.status).toBe(401);
  });
});
