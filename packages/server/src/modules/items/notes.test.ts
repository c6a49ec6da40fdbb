import { NOTE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item, SearchResult } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { findItem } from './items.repository.js';

describe(`items' notes on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let ids: { Garden: string; 'Sow the beans': string };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    ids = await tree(t, owner, { Garden: ['Sow the beans'] });
    await share(t, owner, ids.Garden, [
      [editor, 'editor'],
      [reader, 'readonly'],
    ]);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const setNote = (itemId: string, note: string, token = owner.token) =>
    send('PUT', '/api/items/set-note', { itemId, note }, token);
  const noteOf = async (itemId: string) => (await findItem(t.database.db, itemId))?.note;

  it('keeps a note on a text and on a box as written, and answers it on the item', async () => {
    const note = 'Water **twice** a week\n\n- [link](https://example.org)';
    const text = await ok<Item>('PUT', '/api/items/set-note', { itemId: ids['Sow the beans'], note });
    expect(text.note).toBe(note);
    const box = await ok<Item>('PUT', '/api/items/set-note', { itemId: ids.Garden, note: 'Facing south' });
    expect(box.note).toBe('Facing south');
    const pane = await ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${ids.Garden}`);
    expect(pane.items.map((item) => item.note)).toEqual([note]);
    // Everyone who sees the item sees its note.
    const seen = await ok<Item>(
      'GET',
      `/api/items/get-item?itemId=${ids['Sow the beans']}`,
      undefined,
      reader.token,
    );
    expect(seen.note).toBe(note);
  });

  it('removes a blank note', async () => {
    await ok('PUT', '/api/items/set-note', { itemId: ids.Garden, note: 'For a moment' });
    const cleared = await ok<Item>('PUT', '/api/items/set-note', { itemId: ids.Garden, note: '  \n ' });
    expect(cleared.note).toBe('');
    expect(await noteOf(ids.Garden)).toBeNull();
  });

  it('lets an editor write a note, and tells the others who see the item', async () => {
    const socket = await connect(t.baseUrl, owner.token);
    try {
      const event = nextEvent(socket, 'UPDATE_ITEM');
      expect((await setNote(ids['Sow the beans'], 'From the editor', editor.token)).status).toBe(200);
      expect(await event).toMatchObject({
        itemId: ids['Sow the beans'],
        updatedFields: { note: 'From the editor' },
      });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a readonly member (403) and a stranger (404), changing nothing', async () => {
    await ok('PUT', '/api/items/set-note', { itemId: ids['Sow the beans'], note: 'Before' });
    const readonly = await setNote(ids['Sow the beans'], 'Overwritten', reader.token);
    expect(readonly.status).toBe(403);
    const unseen = await setNote(ids['Sow the beans'], 'Overwritten', stranger.token);
    expect(unseen.status).toBe(404);
    expect(await noteOf(ids['Sow the beans'])).toBe('Before');
  });

  it('refuses a note over the limit with a translated error, changing nothing', async () => {
    await ok('PUT', '/api/items/set-note', { itemId: ids['Sow the beans'], note: 'Short' });
    const long = 'a'.repeat(NOTE_MAX_LENGTH + 1);
    const res = await setNote(ids['Sow the beans'], long);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.note).toBe(
      'A note can have at most 20,000 characters.',
    );
    const french = await t.request('/api/items/set-note', {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' },
      json: { itemId: ids['Sow the beans'], note: long },
    });
    expect(french.status).toBe(400);
    expect(((await french.json()) as ErrorBody).error.fields?.note).toBe(
      'Une note peut compter au plus 20\u00a0000\u00a0caractères.',
    );
    expect((await setNote(ids['Sow the beans'], 'nul \u0000 here')).status).toBe(400);
    expect(await noteOf(ids['Sow the beans'])).toBe('Short');
    // The limit itself is accepted.
    expect((await setNote(ids['Sow the beans'], 'b'.repeat(NOTE_MAX_LENGTH))).status).toBe(200);
  });

  it('finds an item by a word of its note, and says the note is where it was found', async () => {
    const found = await tree(t, owner, ['Call the plumber', 'Plumbing supplies']);
    await ok('PUT', '/api/items/set-note', {
      itemId: found['Call the plumber'],
      note: 'Ask about the BOILER',
    });
    await ok('PUT', '/api/items/set-note', { itemId: found['Plumbing supplies'], note: 'boiler valve' });
    const search = (searchTerm: string) =>
      ok<SearchResult[]>('POST', '/api/items/search-items', { searchTerm, scope: 'search' });
    // Both found through the note: the one changed last first.
    expect((await search('boiler')).map((row) => [row.title, row.foundInNote])).toEqual([
      ['Plumbing supplies', true],
      ['Call the plumber', true],
    ]);
    // The title that starts with the word first.
    expect((await search('plumb')).map((row) => [row.title, row.foundInNote])).toEqual([
      ['Plumbing supplies', false],
      ['Call the plumber', false],
    ]);
    // A stranger finds nothing through notes they cannot see.
    const theirs = await ok<SearchResult[]>(
      'POST',
      '/api/items/search-items',
      { searchTerm: 'boiler', scope: 'search' },
      stranger.token,
    );
    expect(theirs).toEqual([]);
  });
});
