import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { Item, SearchResult } from '@nestbox/shared/items/item.schema';
import type { OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import type { TagsResponse } from '@nestbox/shared/tags/tag.schema';
import { TAG_MAX_LENGTH } from '@nestbox/shared/tags/tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';

describe(`tags on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let shared: Item;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    shared = await create(owner.root, 'todoBox', 'Family');
    await share(t, owner, shared._id, [
      [editor, 'editor'],
      [reader, 'readonly'],
    ]);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const create = (parentItemId: string, itemType: 'todoBox' | 'todoText', title: string, as = owner.token) =>
    ok<Item>('POST', '/api/items/create-item', { parentItemId, itemType, title }, as);
  const tagRows = async (itemId: string) =>
    (
      await t.database.db
        .selectFrom('item_tags')
        .select('name')
        .where('item_id', '=', itemId)
        .orderBy('name')
        .execute()
    ).map((row) => row.name);
  const tagsOf = async (as: string) => (await ok<TagsResponse>('GET', '/api/tags', undefined, as)).tags;
  const countOf = async (name: string, as: string) =>
    (await tagsOf(as)).find((tag) => tag.name === name)?.count;
  const searchTitles = async (searchTerm: string, as = owner.token, extra: Record<string, unknown> = {}) =>
    (await ok<SearchResult[]>('POST', '/api/items/search-items', { searchTerm, ...extra }, as)).map(
      (r) => r.title,
    );

  it('stores the tags of a new text normalised: case, NFKC, accents kept', async () => {
    const text = await create(
      owner.root,
      'todoText',
      'Plan #Été #HOME #home #ＷＯＲＫ a#b https://x.org/#top #été',
    );
    expect(await tagRows(text._id)).toEqual(['home', 'work', 'été'].sort());
    // A box's title carries no tags.
    const box = await create(owner.root, 'todoBox', 'Box #boxtag');
    expect(await tagRows(box._id)).toEqual([]);
  });

  it('keeps them in step with every edit, removing those taken out', async () => {
    const text = await create(owner.root, 'todoText', 'Call #mum');
    await ok('POST', '/api/items/save-text-item', { itemId: text._id, title: 'Call #dad about #Mum' });
    expect(await tagRows(text._id)).toEqual(['dad', 'mum']);
    await ok('POST', '/api/items/save-text-item', { itemId: text._id, title: 'Call nobody' });
    expect(await tagRows(text._id)).toEqual([]);
  });

  it('stores those of quick capture and of an import', async () => {
    const captured = await ok<Item>('POST', '/api/items/quick-capture', { title: 'Buy #Café beans' });
    expect(await tagRows(captured._id)).toEqual(['café']);
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>T</title></head><body>
      <outline text="Imported box"><outline text="Pack #Travel"/></outline></body></opml>`;
    const res = await t.request('/api/import?format=opml', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream' },
      body: opml,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [found] = await ok<SearchResult[]>('POST', '/api/items/search-items', {
      searchTerm: 'Pack #Travel',
    });
    expect(found && (await tagRows(found._id))).toEqual(['travel']);
  });

  it('counts per caller, only the texts each sees (another person’s private tags never show)', async () => {
    await create(shared._id, 'todoText', 'Groceries #family');
    await create(shared._id, 'todoText', 'Birthday #family #secretplan');
    await create(owner.root, 'todoText', 'Private #secretplan #onlymine');
    await create(stranger.root, 'todoText', 'Stranger #family #strangerstuff', stranger.token);
    expect(await countOf('family', owner.token)).toBe(2);
    expect(await countOf('secretplan', owner.token)).toBe(2);
    expect(await countOf('family', editor.token)).toBe(2);
    expect(await countOf('family', reader.token)).toBe(2);
    expect(await countOf('secretplan', reader.token)).toBe(1);
    const readerNames = (await tagsOf(reader.token)).map((tag) => tag.name);
    expect(readerNames).not.toContain('onlymine');
    expect(readerNames).not.toContain('strangerstuff');
    expect(await tagsOf(stranger.token)).toEqual([
      { name: 'family', count: 1 },
      { name: 'strangerstuff', count: 1 },
    ]);
  });

  it('leaves archived texts out of the counts', async () => {
    const text = await create(owner.root, 'todoText', 'Old #archivedonly');
    expect(await countOf('archivedonly', owner.token)).toBe(1);
    await send('DELETE', `/api/items/archive?itemId=${text._id}`);
    expect(await countOf('archivedonly', owner.token)).toBeUndefined();
  });

  it('searches a tag (#name as the term) among what the caller sees, whatever its case', async () => {
    expect(await searchTitles('#FAMILY')).toEqual(['Birthday #family #secretplan', 'Groceries #family']);
    expect(await searchTitles('#family', reader.token)).toEqual([
      'Birthday #family #secretplan',
      'Groceries #family',
    ]);
    expect(await searchTitles('#family', stranger.token)).toEqual(['Stranger #family #strangerstuff']);
    expect(await searchTitles('#onlymine', reader.token)).toEqual([]);
    // The other paths (inside a box, the Workspace scope, with archived) filter by the tag too.
    expect(await searchTitles('#family', owner.token, { withinBoxId: shared._id })).toHaveLength(2);
    expect(await searchTitles('#secretplan', owner.token, { scope: 'workspace' })).toEqual([
      'Birthday #family #secretplan',
      'Private #secretplan #onlymine',
    ]);
    expect(await searchTitles('#archivedonly', owner.token, { includeArchived: true })).toEqual([
      'Old #archivedonly',
    ]);
    // Favourites: the starred ones only.
    const [groceries] = await ok<SearchResult[]>('POST', '/api/items/search-items', {
      searchTerm: 'Groceries #family',
    });
    await ok('PUT', '/api/items/update-item', { itemId: groceries?._id, favourited: true });
    expect(await searchTitles('#family', owner.token, { scope: 'favourites' })).toEqual([
      'Groceries #family',
    ]);
    // A tag is not matched by its prefix, and "#fam" is no longer a tag search once words follow.
    expect(await searchTitles('#fam')).toEqual([]);
  });

  it('renames a tag in every text the caller may edit, in one go, and tells who sees them', async () => {
    const mine = await create(owner.root, 'todoText', 'Mine #Chores and #chores');
    const theirs = await create(shared._id, 'todoText', 'Ours #chores', editor.token);
    const readonlyBox = await create(reader.root, 'todoBox', 'Reader box', reader.token);
    await share(t, reader, readonlyBox._id, [[owner, 'readonly']]);
    const untouched = await create(readonlyBox._id, 'todoText', 'Reader #chores', reader.token);
    const unseen = await create(stranger.root, 'todoText', 'Stranger #chores', stranger.token);

    // The confirmation's count: the texts the owner may edit (not the readonly or unseen ones).
    expect(await ok('POST', '/api/tags/rename', { from: 'chores', to: 'housework', dryRun: true })).toEqual({
      count: 2,
    });
    expect(await tagRows(mine._id)).toEqual(['chores']);

    const socket = await connect(t.baseUrl, editor.token);
    try {
      const event = nextEvent(socket, 'UPDATE_ITEM');
      expect(await ok('POST', '/api/tags/rename', { from: '#Chores', to: 'Housework' })).toEqual({
        count: 2,
      });
      expect((await event).updatedFields.title).toBe('Ours #Housework');
    } finally {
      socket.close();
    }
    const titleOf = async (id: string, as: string) =>
      (await ok<Item>('GET', `/api/items/get-item?itemId=${id}`, undefined, as)).title;
    expect(await titleOf(mine._id, owner.token)).toBe('Mine #Housework and #Housework');
    expect(await tagRows(mine._id)).toEqual(['housework']);
    expect(await tagRows(theirs._id)).toEqual(['housework']);
    expect(await titleOf(untouched._id, reader.token)).toBe('Reader #chores');
    expect(await tagRows(untouched._id)).toEqual(['chores']);
    expect(await titleOf(unseen._id, stranger.token)).toBe('Stranger #chores');
  });

  it('lets a readonly member rename nothing', async () => {
    expect(await ok('POST', '/api/tags/rename', { from: 'family', to: 'kin' }, reader.token)).toEqual({
      count: 0,
    });
    expect(await countOf('family', owner.token)).toBe(2);
  });

  it('changes nothing when one title would grow too long', async () => {
    const long = `${'x'.repeat(1_990)} #ab`;
    const text = await create(owner.root, 'todoText', long);
    const before = await create(owner.root, 'todoText', 'Short #ab');
    const res = await send('POST', '/api/tags/rename', { from: 'ab', to: 'a'.repeat(TAG_MAX_LENGTH) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('tags.rename.titleTooLong');
    expect(await tagRows(text._id)).toEqual(['ab']);
    expect(await tagRows(before._id)).toEqual(['ab']);
  });

  it.each<[Record<string, string>, MessageKey]>([
    [{ from: '', to: 'x' }, 'validation.tag.required'],
    [{ from: 'x', to: '' }, 'validation.tag.required'],
    [{ from: 'x', to: 'a'.repeat(TAG_MAX_LENGTH + 1) }, 'validation.tag.tooLong'],
    [{ from: 'x', to: 'two words' }, 'validation.tag.invalid'],
    [{ from: 'x', to: '42' }, 'validation.tag.invalid'],
  ])('refuses bad names with a translated 400: %j', async (body, message) => {
    const res = await t.request('/api/tags/rename', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' },
      json: body,
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(error.code).toBe('error.validation');
    expect(Object.values(error.fields ?? {})).toContain(messagesFr[message]);
  });

  it('asks for a session or token', async () => {
    expect((await t.request('/api/tags')).status).toBe(401);
  });

  it('filters the Organizer by every tag asked for', async () => {
    const box = await create(owner.root, 'todoBox', 'Organised');
    const both = await create(box._id, 'todoText', 'Both #alpha #beta');
    const one = await create(box._id, 'todoText', 'One #alpha');
    await create(box._id, 'todoText', 'None');
    for (const item of [both, one])
      await ok('PUT', '/api/items/update-item', { itemId: item._id, prioritizable: true });
    const titles = async (query: string) =>
      (await ok<OrganizerPage>('GET', `/api/items/get-organizer?${query}`)).organizerItems
        .map((item) => item.title)
        .sort();
    expect(await titles('tags=alpha')).toEqual(['Both #alpha #beta', 'One #alpha']);
    expect(await titles('tags=ALPHA,beta')).toEqual(['Both #alpha #beta']);
    expect(await titles('tags=alpha&limit=100')).toEqual(['Both #alpha #beta', 'One #alpha']);
    expect((await send('GET', '/api/items/get-organizer?tags=two%20words')).status).toBe(400);
  });
});
