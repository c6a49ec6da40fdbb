import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import {
  HISTORY_PAGE_SIZE,
  type ItemEvent,
  type ItemHistoryPage,
} from '@nestbox/shared/history/history.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const START = Date.parse('2027-05-04T09:00:00Z');
const MINUTE = 60_000;
const DEC_4 = Date.parse('2027-12-04T00:00:00Z');
const DEC_11 = Date.parse('2027-12-11T00:00:00Z');

describe(`item history on ${testEngine}`, () => {
  let t: TestApp;
  let clock = START;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let friend: SignedInUser;
  let ids: { Garden: string; Shed: string; 'Sow the beans': string; 'Water the roses': string };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    friend = await createSignedInUser(t, { name: 'Max' });
    ids = await tree(t, owner, { Garden: [{ Shed: [] }, 'Sow the beans', 'Water the roses'] });
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
  /** Calls as `who`, a minute after the last call: each change has a time of its own. */
  const change = <T = unknown>(who: SignedInUser, method: string, path: string, body?: unknown) => {
    clock += MINUTE;
    return ok<T>(method, path, body, who.token);
  };
  const historyOf = async (itemId: string, who: SignedInUser = owner) =>
    (await ok<ItemHistoryPage>('GET', `/api/items/${itemId}/history`, undefined, who.token)).events;
  const kinds = (events: ItemEvent[]) => events.map((event) => event.kind);

  it('records each shared change by the route that makes it, with who and when, newest first', async () => {
    const box = ids.Garden;
    const text = (
      await change<Item>(editor, 'POST', '/api/items/create-item', {
        parentItemId: box,
        itemType: 'todoText',
        title: 'Buy seeds',
      })
    )._id;
    const created = clock;
    await change(editor, 'POST', '/api/items/save-text-item', { itemId: text, title: 'Buy bean seeds' });
    await change(editor, 'POST', '/api/items/save-text-item', { itemId: text, title: 'Buy bean seeds' });
    await change(editor, 'PUT', '/api/items/move-to-new-parent', { itemId: text, newParentItemId: ids.Shed });
    await change(owner, 'PUT', '/api/items/update-item', { itemId: text, priorityTargetDate: DEC_4 });
    await change(owner, 'PUT', '/api/items/update-item', { itemId: text, priorityTargetDate: null });
    await change(editor, 'PUT', '/api/items/complete', { itemId: text });
    await change(editor, 'PUT', '/api/items/uncomplete', { itemId: text });
    await change(owner, 'PUT', '/api/items/associate-user', {
      itemId: text,
      userId: friend.id,
      ownershipId: 'editor',
    });
    await change(owner, 'PUT', '/api/items/update-ownership', {
      itemId: text,
      userId: friend.id,
      ownershipId: 'readonly',
    });
    await change(owner, 'DELETE', `/api/items/remove-association?itemId=${text}&userId=${friend.id}`);
    await change(reader, 'POST', `/api/items/${text}/comments`, { body: 'Which beans?' });

    const events = await historyOf(text, reader);
    const by = (who: SignedInUser) => ({ id: who.id, name: who.name });
    const max = { id: friend.id, name: 'Max' };
    expect(events.map(({ kind, actor, details }) => ({ kind, actor, details }))).toEqual([
      { kind: 'commented', actor: by(reader), details: null },
      { kind: 'shared', actor: by(owner), details: { person: max, level: null, previousLevel: 'readonly' } },
      {
        kind: 'shared',
        actor: by(owner),
        details: { person: max, level: 'readonly', previousLevel: 'editor' },
      },
      { kind: 'shared', actor: by(owner), details: { person: max, level: 'editor', previousLevel: null } },
      { kind: 'reopened', actor: by(editor), details: null },
      { kind: 'completed', actor: by(editor), details: null },
      { kind: 'dated', actor: by(owner), details: { from: DEC_4, to: null } },
      { kind: 'dated', actor: by(owner), details: { from: null, to: DEC_4 } },
      {
        kind: 'moved',
        actor: by(editor),
        details: { from: { id: box, title: 'Garden' }, to: { id: ids.Shed, title: 'Shed' } },
      },
      // Saved again as it was: no second rename.
      { kind: 'renamed', actor: by(editor), details: { from: 'Buy seeds', to: 'Buy bean seeds' } },
      { kind: 'created', actor: by(editor), details: null },
    ]);
    expect(events.at(-1)?.at).toBe(created);
    expect(events[0]?.at).toBe(clock);
    // A person is named by their display name alone.
    expect(JSON.stringify(events)).not.toContain(friend.email);
  });

  it('records a completed box on the box alone, an undone completion, and a recurring one as its new date', async () => {
    const made = await tree(t, owner, { Errands: ['Post the letter', 'Pay the bill'] });
    clock += MINUTE;
    const res = await send('PUT', '/api/items/complete', { itemId: made.Errands });
    expect(kinds(await historyOf(made.Errands))).toEqual(['completed', 'created']);
    expect(kinds(await historyOf(made['Pay the bill']))).toEqual(['created']);
    await change(owner, 'POST', '/api/undo/undo-action', { undoId: res.headers.get(UNDO_ID_HEADER) });
    expect(kinds(await historyOf(made.Errands))).toEqual(['reopened', 'completed', 'created']);

    const itemId = made['Post the letter'];
    await change(owner, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate: DEC_4 });
    await change(owner, 'PUT', '/api/items/set-recurrence', { itemId, rule: 'FREQ=WEEKLY' });
    await change(owner, 'PUT', '/api/items/complete', { itemId });
    const [dated, completed] = await historyOf(itemId);
    expect(dated).toMatchObject({ kind: 'dated', details: { from: DEC_4, to: DEC_11 } });
    expect(completed).toMatchObject({ kind: 'completed', actor: { id: owner.id } });
  });

  it('keeps personal changes out: priority, favourite, Today, reminders', async () => {
    const itemId = ids['Water the roses'];
    const before = await historyOf(itemId);
    await change(editor, 'PUT', '/api/items/update-item', { itemId, favourited: true, prioritizable: true });
    await change(editor, 'PUT', '/api/items/update-priority', {
      itemId,
      priority: 3,
      markedAsForToday: true,
    });
    await change(owner, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate: DEC_4 });
    await change(owner, 'POST', `/api/reminders/create-item-reminder?itemId=${itemId}`);
    await change(owner, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate: DEC_4 });
    expect(kinds(await historyOf(itemId))).toEqual(['dated', ...kinds(before)]);
  });

  it('lets a read-only member read it, answers a stranger 404, and takes it from a removed member at once', async () => {
    const itemId = ids['Sow the beans'];
    expect(kinds(await historyOf(itemId, reader))).toEqual(['created']);
    const res = await send('GET', `/api/items/${itemId}/history`, undefined, stranger.token);
    expect(res.status).toBe(404);
    // The answer comments give: nothing says whether the item is there.
    const comments = await send('GET', `/api/items/${itemId}/comments`, undefined, stranger.token);
    expect(await res.json()).toEqual(await comments.json());

    const [box] = Object.values(await tree(t, owner, { Porch: [] }));
    await share(t, owner, box as string, [[editor, 'editor']]);
    expect((await send('GET', `/api/items/${box}/history`, undefined, editor.token)).status).toBe(200);
    await ok('DELETE', `/api/items/remove-association?itemId=${box}&userId=${editor.id}`);
    expect((await send('GET', `/api/items/${box}/history`, undefined, editor.token)).status).toBe(404);
  });

  it('names a box a move went from only to those who see it now', async () => {
    const { Attic, 'Old lamp': lamp } = await tree(t, owner, { Attic: ['Old lamp'] });
    // Out of the owner's private box into the shared one: only an owner may.
    await change(owner, 'PUT', '/api/items/move-to-new-parent', {
      itemId: lamp,
      newParentItemId: ids.Garden,
    });
    const [asReader] = await historyOf(lamp, reader);
    expect(asReader).toMatchObject({
      kind: 'moved',
      details: { from: null, to: { id: ids.Garden, title: 'Garden' } },
    });
    expect(JSON.stringify(asReader)).not.toContain('Attic');
    const [asOwner] = await historyOf(lamp, owner);
    expect(asOwner?.details).toEqual({
      from: { id: Attic, title: 'Attic' },
      to: { id: ids.Garden, title: 'Garden' },
    });
  });

  it('records nothing for a refused write', async () => {
    const itemId = ids['Sow the beans'];
    const before = await historyOf(itemId);
    // Read-only: no rename, no completion.
    for (const [path, body] of [
      ['/api/items/save-text-item', { itemId, title: 'Renamed' }],
      ['/api/items/complete', { itemId }],
    ] as const) {
      const res = await send(path.endsWith('complete') ? 'PUT' : 'POST', path, body, reader.token);
      expect(res.status, path).toBe(403);
    }
    // An editor may not move an item out of what is shared with them (the move is refused once its
    // checks ran, in the transaction the history would have been written in).
    const refused = await send(
      'PUT',
      '/api/items/move-to-new-parent',
      { itemId, newParentItemId: editor.root },
      editor.token,
    );
    expect(refused.status).toBe(403);
    expect(await historyOf(itemId)).toEqual(before);
  });

  it('pages 50 events at a time, newest first, and refuses a cursor it did not make (translated)', async () => {
    const [itemId] = Object.values(await tree(t, owner, { 'Busy item': [] }));
    await t.database.db
      .insertInto('item_events')
      .values(
        Array.from({ length: HISTORY_PAGE_SIZE + 5 }, (_, i) => ({
          id: crypto.randomUUID(),
          item_id: itemId as string,
          user_id: owner.id,
          kind: 'renamed' as const,
          details: JSON.stringify({ from: `Title ${i}`, to: `Title ${i + 1}` }),
          created_at: START - 1_000_000 + i,
        })),
      )
      .execute();
    const first = await ok<ItemHistoryPage>('GET', `/api/items/${itemId}/history`);
    expect(first.events).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.events[0]?.kind).toBe('created');
    expect(first.events[1]?.details).toEqual({
      from: `Title ${HISTORY_PAGE_SIZE + 4}`,
      to: `Title ${HISTORY_PAGE_SIZE + 5}`,
    });
    const second = await ok<ItemHistoryPage>(
      'GET',
      `/api/items/${itemId}/history?before=${encodeURIComponent(first.next ?? '')}`,
    );
    expect(second.next).toBeNull();
    expect(second.events.map((event) => event.details)).toEqual(
      [5, 4, 3, 2, 1, 0].map((i) => ({ from: `Title ${i}`, to: `Title ${i + 1}` })),
    );

    const bad = await t.request(`/api/items/${itemId}/history?before=garbage`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields?.before).toBe(messagesFr['history.cursor.invalid']);
  });

  it('tells everyone who sees the item that its history changed, once the change committed', async () => {
    const itemId = ids['Sow the beans'];
    const readerSocket = await connect(t.baseUrl, reader.token);
    const strangerSocket = await connect(t.baseUrl, stranger.token);
    try {
      const heard = nextEvent(readerSocket, 'history:changed');
      // The stranger's first history event is of their own item: they heard nothing before it.
      const strangersFirst = nextEvent(strangerSocket, 'history:changed');
      await change(editor, 'POST', '/api/items/save-text-item', { itemId, title: 'Sow the broad beans' });
      expect(await heard).toMatchObject({ itemId });
      const [mine] = Object.values(await tree(t, stranger, { 'My own': [] }));
      expect(await strangersFirst).toMatchObject({ itemId: mine });
    } finally {
      readerSocket.disconnect();
      strangerSocket.disconnect();
    }
  });

  it('goes with its item', async () => {
    const [itemId] = Object.values(await tree(t, owner, { 'Short-lived': [] }));
    await t.database.db
      .deleteFrom('items')
      .where('id', '=', itemId as string)
      .execute();
    const left = await t.database.db
      .selectFrom('item_events')
      .select('id')
      .where('item_id', '=', itemId as string)
      .execute();
    expect(left).toEqual([]);
  });
});
