import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item, ItemsForPane } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const DAY = 86_400_000;

describe(`quick capture on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;
  const { send, ok } = signedInApp(async (app, user) => {
    [t, me, other] = [app, user, await createSignedInUser(app)];
  });
  const capture = (body: Record<string, unknown>, as = me.token) =>
    ok<Item>('POST', '/api/items/quick-capture', body, as);
  const childrenOf = async (boxId: string, as = me.token) =>
    (await ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${boxId}`, undefined, as)).items;
  const titlesIn = async (boxId: string, as = me.token) => (await childrenOf(boxId, as)).map((i) => i.title);
  const inboxIdOf = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('inbox_item_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).inbox_item_id;
  const organizer = async (as = me.token) =>
    (await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, as)).organizerItems;

  it('makes an Inbox at the top of the Workspace on first use, and keeps filling it, newest first', async () => {
    const user = await createSignedInUser(t);
    await tree(t, user, { Projects: [] });
    const first = await capture({ title: '  Buy milk  ' }, user.token);
    expect(first).toMatchObject({ title: 'Buy milk', itemType: 'todoText', priorityTargetDate: null });
    const inboxId = await inboxIdOf(user.id);
    expect(first.parentItemId).toBe(inboxId);
    expect(await titlesIn(user.root, user.token)).toEqual(['Inbox', 'Projects']);

    const second = await capture({ title: 'Call Anna' }, user.token);
    expect(second.parentItemId).toBe(inboxId);
    expect(await inboxIdOf(user.id)).toBe(inboxId);
    expect(await titlesIn(user.root, user.token)).toEqual(['Inbox', 'Projects']);
    expect(await titlesIn(inboxId ?? '', user.token)).toEqual(['Call Anna', 'Buy milk']);
  });

  it("names the Inbox in the user's language when it makes it", async () => {
    const french = await createSignedInUser(t, { locale: 'fr' });
    const item = await capture({ title: 'Appeler Anna' }, french.token);
    const [inbox] = await childrenOf(french.root, french.token);
    expect(inbox).toMatchObject({ _id: item.parentItemId, title: 'Boîte de réception', itemType: 'todoBox' });
  });

  it('makes a new Inbox once the old one is archived, and again once it is deleted', async () => {
    const user = await createSignedInUser(t);
    const first = await capture({ title: 'one' }, user.token);
    const oldInbox = first.parentItemId ?? '';
    await ok('DELETE', `/api/items/archive?itemId=${oldInbox}`, undefined, user.token);

    const second = await capture({ title: 'two' }, user.token);
    expect(second.parentItemId).not.toBe(oldInbox);
    expect(await inboxIdOf(user.id)).toBe(second.parentItemId);
    expect(await titlesIn(second.parentItemId ?? '', user.token)).toEqual(['two']);
    const [top] = await childrenOf(user.root, user.token);
    expect(top?._id).toBe(second.parentItemId);

    await t.database.db
      .deleteFrom('items')
      .where('id', '=', second.parentItemId ?? '')
      .execute();
    expect(await inboxIdOf(user.id)).toBeNull();
    const third = await capture({ title: 'three' }, user.token);
    expect(third.parentItemId).not.toBe(second.parentItemId);
    expect(await inboxIdOf(user.id)).toBe(third.parentItemId);
  });

  it('makes one Inbox when two captures arrive at once', async () => {
    const user = await createSignedInUser(t);
    const [a, b] = await Promise.all([
      capture({ title: 'a' }, user.token),
      capture({ title: 'b' }, user.token),
    ]);
    expect(a.parentItemId).toBe(b.parentItemId);
    const boxes = (await childrenOf(user.root, user.token)).filter((i) => i.itemType === 'todoBox');
    expect(boxes.map((i) => i.title)).toEqual(['Inbox']);
  });

  it('puts the text last in the box named, or right after an item of it, without touching the Inbox', async () => {
    const user = await createSignedInUser(t);
    const { Kitchen: kitchen } = await tree(t, user, { Kitchen: ['Fix the tap'] });
    const item = await capture({ title: 'Buy bulbs', boxId: kitchen }, user.token);
    expect(item.parentItemId).toBe(kitchen);
    expect(await titlesIn(kitchen, user.token)).toEqual(['Fix the tap', 'Buy bulbs']);
    const [tap] = await childrenOf(kitchen, user.token);
    await capture({ title: 'Descale kettle', boxId: kitchen, afterItemId: tap?._id }, user.token);
    expect(await titlesIn(kitchen, user.token)).toEqual(['Fix the tap', 'Descale kettle', 'Buy bulbs']);
    expect(await inboxIdOf(user.id)).toBeNull();
  });

  it('refuses a box the caller cannot add to, as create-item does, and changes nothing', async () => {
    const { Theirs: theirs, 'Read only': readonly } = await tree(t, other, { Theirs: [], 'Read only': [] });
    await t.database.db
      .insertInto('item_users')
      .values({ item_id: readonly, user_id: me.id, level: 'readonly', created_at: Date.now() })
      .execute();
    const text = await capture({ title: 'a text, not a box' });
    const { Archived: archived } = await tree(t, me, { Archived: [] });
    await ok('DELETE', `/api/items/archive?itemId=${archived}`);
    const before = await titlesIn(me.root);

    expect((await send('POST', '/api/items/quick-capture', { title: 'x', boxId: theirs })).status).toBe(404);
    expect(
      (await send('POST', '/api/items/quick-capture', { title: 'x', boxId: 'no-such-box' })).status,
    ).toBe(404);
    expect((await send('POST', '/api/items/quick-capture', { title: 'x', boxId: readonly })).status).toBe(
      403,
    );
    expect((await send('POST', '/api/items/quick-capture', { title: 'x', boxId: text._id })).status).toBe(
      400,
    );
    expect((await send('POST', '/api/items/quick-capture', { title: 'x', boxId: archived })).status).toBe(
      404,
    );
    expect(await titlesIn(theirs, other.token)).toEqual([]);
    expect(await titlesIn(readonly, other.token)).toEqual([]);
    expect(await titlesIn(me.root)).toEqual(before);
  });

  it('answers a translated 400 for a date out of range or a blank title, and creates nothing', async () => {
    const user = await createSignedInUser(t);
    const post = (body: unknown, locale: string) =>
      t.request('/api/items/quick-capture', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': locale },
        json: body,
      });
    const english = await post({ title: 'Far away', targetDate: 1e17 }, 'en-GB');
    expect(english.status).toBe(400);
    expect(((await english.json()) as ErrorBody).error.fields?.targetDate).toBe(
      'Choose a date between 1 January 1970 and 31 December 9999.',
    );
    const french = await post({ title: 'Très loin', targetDate: -1e17 }, 'fr');
    expect(french.status).toBe(400);
    expect(((await french.json()) as ErrorBody).error.fields?.targetDate).toMatch(/^Choisissez une date/);
    const blank = await post({ title: '   ' }, 'en-GB');
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).error.fields?.title).toBe('This field cannot be empty.');
    expect((await post({ title: 'x'.repeat(2001) }, 'en-GB')).status).toBe(400);
    expect((await post({ title: 'x', prioritize: 'yes' }, 'en-GB')).status).toBe(400);

    expect(await inboxIdOf(user.id)).toBeNull();
    expect(await titlesIn(user.root, user.token)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.request('/api/items/quick-capture', { method: 'POST', json: { title: 'x' } });
    expect(res.status).toBe(401);
  });

  it('sets the target date as Item settings does, with the linked reminder it gives the setter', async () => {
    const targetDate = Date.now() + 3 * DAY;
    const item = await capture({ title: 'Dentist', targetDate });
    expect(item.priorityTargetDate).toBe(targetDate);
    const linked = await t.database.db
      .selectFrom('reminders')
      .select(['user_id', 'before_after_on', 'next_fire_at'])
      .where('item_id', '=', item._id)
      .where('linked_directly_to_target_date', '=', 1)
      .execute();
    expect(linked).toEqual([{ user_id: me.id, before_after_on: 'on', next_fire_at: targetDate }]);
  });

  it('pins to Today and ranks first of its group in the Organizer, as asked', async () => {
    const user = await createSignedInUser(t);
    const rank = async (title: string, priority: number, extra: Record<string, unknown> = {}) => {
      const item = await capture({ title }, user.token);
      await ok('PUT', '/api/items/update-priority', { itemId: item._id, priority, ...extra }, user.token);
    };
    const tomorrow = Date.now() + DAY;
    await rank('today one', 16384, { markedAsForToday: true });
    await rank('undated one', 32768);
    await rank('undated two', 49152);
    await rank('tomorrow one', 65536, { priorityTargetDate: tomorrow });

    const pinned = await capture({ title: 'pinned', markedAsForToday: true }, user.token);
    expect(pinned).toMatchObject({ prioritizable: true, markedAsForToday: true, priority: 16384 * 2 });
    const top = await capture({ title: 'top of undated', prioritize: true }, user.token);
    expect(top).toMatchObject({ prioritizable: true, markedAsForToday: false, priority: 16384 });
    const topToday = await capture(
      { title: 'top of today', prioritize: true, markedAsForToday: true },
      user.token,
    );
    expect(topToday.priority).toBe(8192);
    const dated = await capture(
      { title: 'top of tomorrow', prioritize: true, targetDate: tomorrow },
      user.token,
    );
    expect(dated.priority).toBe(32768);
    await capture({ title: 'not ranked' }, user.token);

    const rows = await organizer(user.token);
    const ranked = rows.filter((row: OrganizerItem) => row.priority !== null).map((row) => row.title);
    expect(ranked).toEqual([
      'top of today',
      'today one',
      'pinned',
      'top of tomorrow',
      'tomorrow one',
      'top of undated',
      'undated one',
      'undated two',
    ]);
    expect(rows.find((row) => row.title === 'not ranked')).toBeUndefined();
  });

  it('tells the user’s other tabs at once: the new Inbox, then the text', async () => {
    const user = await createSignedInUser(t);
    const socket = await connect(t.baseUrl, user.token);
    try {
      const events: { item: Item; parentItemId: string | null }[] = [];
      const both = new Promise<void>((resolve) => {
        socket.on('ADD_ITEM', (event) => {
          events.push(event);
          if (events.length === 2) resolve();
        });
      });
      const item = await capture({ title: 'Seen live', prioritize: true }, user.token);
      await both;
      expect(events.map((event) => [event.item.title, event.parentItemId])).toEqual([
        ['Inbox', user.root],
        ['Seen live', item.parentItemId],
      ]);
      expect(events[1]?.item).toMatchObject({ prioritizable: true, priority: 16384 });

      const next = nextEvent(socket, 'ADD_ITEM');
      await capture({ title: 'Second' }, user.token);
      expect((await next).item.title).toBe('Second');
    } finally {
      socket.close();
    }
  });
});
