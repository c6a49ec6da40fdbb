import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { UpdateItemEvent } from '@nestbox/shared/realtime/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { type ClientSocket, connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { appendTexts } from '../items/items.service.js';
import { createUndoService } from './undo.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`undo on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let cat: SignedInUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await createSignedInUser(t, { name: 'Ann' });
    bob = await createSignedInUser(t, { name: 'Bob' });
    cat = await createSignedInUser(t, { name: 'Cat' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** Calls a route: GET/DELETE parameters go in the query string, others in the body. */
  async function call(
    method: Method,
    path: string,
    params: Record<string, unknown>,
    user = ann,
    locale = 'en-GB',
  ) {
    const inQuery = method === 'GET' || method === 'DELETE';
    const query = inQuery ? `?${new URLSearchParams(params as Record<string, string>)}` : '';
    return t.request(`${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': locale },
      ...(inQuery ? {} : { json: params }),
    });
  }
  /** A change that succeeds; answers its body and the id that undoes it. */
  async function change<T = Item>(method: Method, path: string, params: Record<string, unknown>, user = ann) {
    const res = await call(method, path, params, user);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return { body: (await res.json()) as T, undoId: res.headers.get(UNDO_ID_HEADER) };
  }
  const ok = async <T = Item>(method: Method, path: string, params: Record<string, unknown>, user = ann) =>
    (await change<T>(method, path, params, user)).body;
  const undo = (undoId: string | null, user = ann, locale = 'en-GB') =>
    call('POST', '/api/undo/undo-action', { undoId }, user, locale);
  async function undone(undoId: string | null, user = ann) {
    expect(undoId).toMatch(/^[0-9a-f-]{36}$/);
    const res = await undo(undoId, user);
    expect(res.status, await res.clone().text()).toBe(200);
  }
  async function refused(undoId: string | null, status: number, code: string, user = ann) {
    const res = await undo(undoId, user);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorBody).error.code).toBe(code);
  }
  const create = (parentItemId: string, itemType: 'todoBox' | 'todoText', title: string, user = ann) =>
    ok('POST', '/api/items/create-item', { parentItemId, itemType, title }, user);
  const share = (itemId: string, user: SignedInUser, ownershipId = 'editor') =>
    ok('PUT', '/api/items/associate-user', { itemId, userId: user.id, ownershipId });
  const row = (id: string) =>
    t.database.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rank = (userId: string, itemId: string) =>
    t.database.db
      .selectFrom('user_items')
      .select(['priority', 'marked_for_today', 'prioritizable'])
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
  const childrenOf = async (boxId: string) =>
    (
      await t.database.db
        .selectFrom('items')
        .select('id')
        .where('parent_id', '=', boxId)
        .orderBy('position')
        .orderBy('id')
        .execute()
    ).map((child) => child.id);
  const open = async (user: SignedInUser) => {
    const socket = await connect(t.baseUrl, user.token);
    sockets.push(socket);
    return socket;
  };
  /** The first UPDATE_ITEM on the socket that matches (the forward change's own may still be on its way). */
  const heardUpdate = (socket: ClientSocket, matches: (event: UpdateItemEvent) => boolean, ms = 5_000) =>
    new Promise<UpdateItemEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching UPDATE_ITEM within ${ms} ms`)), ms);
      const listener = (event: UpdateItemEvent) => {
        if (!matches(event)) return;
        clearTimeout(timer);
        socket.off('UPDATE_ITEM', listener);
        resolve(event);
      };
      socket.on('UPDATE_ITEM', listener);
    });

  describe('complete', () => {
    it('reopens exactly what completing a box closed, gives everyone their ranks back and tells them live', async () => {
      const box = await create(ann.root, 'todoBox', 'Trip');
      await share(box._id, bob);
      const open1 = await create(box._id, 'todoText', 'Tickets');
      const done = await create(box._id, 'todoText', 'Passport');
      const sub = await create(box._id, 'todoBox', 'Packing');
      const open2 = await create(sub._id, 'todoText', 'Socks');
      await ok('PUT', '/api/items/complete', { itemId: done._id });
      const doneBefore = await row(done._id);
      await ok('PUT', '/api/items/update-priority', {
        itemId: open1._id,
        priority: 16384,
        markedAsForToday: true,
      });
      await ok('PUT', '/api/items/update-priority', { itemId: open2._id, priority: 32768 }, bob);

      const { undoId } = await change('PUT', '/api/items/complete', { itemId: box._id });
      for (const id of [box._id, open1._id, sub._id, open2._id])
        expect((await row(id)).completed_at).not.toBeNull();
      expect(await rank(ann.id, open1._id)).toMatchObject({ priority: null, marked_for_today: 0 });
      expect(await row(done._id)).toEqual(doneBefore);

      const bobSocket = await open(bob);
      const heard = heardUpdate(
        bobSocket,
        (event) => event.itemId === box._id && !event.updatedFields.completed,
      );
      await undone(undoId);
      for (const id of [box._id, open1._id, sub._id, open2._id])
        expect((await row(id)).completed_at).toBeNull();
      expect(await row(done._id)).toEqual(doneBefore);
      expect(await rank(ann.id, open1._id)).toMatchObject({ priority: 16384, marked_for_today: 1 });
      expect(await rank(bob.id, open2._id)).toMatchObject({ priority: 32768, marked_for_today: 0 });
      expect((await heard).updatedFields).toMatchObject({ completed: false, parentItemId: ann.root });
    });

    it('reopens a box of 2,500 items, recorded and restored a slice at a time', async () => {
      const box = await create(ann.root, 'todoBox', 'Archive of notes');
      await appendTexts(t.database.db, {
        parentId: box._id,
        createdBy: ann.id,
        titles: Array.from({ length: 2_500 }, (_, i) => `Note ${i}`),
        now: 1,
      });
      const { undoId } = await change('PUT', '/api/items/complete', { itemId: box._id });
      const slices = await t.database.db
        .selectFrom('undo_entry_rows')
        .select('seq')
        .where('entry_id', '=', undoId ?? '')
        .execute();
      expect(slices).toHaveLength(3);
      await undone(undoId);
      const stillDone = await t.database.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('parent_id', '=', box._id)
        .where('completed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Number(stillDone.count)).toBe(0);
    });

    it('refuses once someone else changed an item it completed, changing nothing', async () => {
      const box = await create(ann.root, 'todoBox', 'Garden');
      await share(box._id, bob);
      const text = await create(box._id, 'todoText', 'Weed');
      const { undoId } = await change('PUT', '/api/items/complete', { itemId: box._id });
      await ok('POST', '/api/items/save-text-item', { itemId: text._id, title: 'Weed the beds' }, bob);
      const res = await undo(undoId, ann, 'fr');
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error).toMatchObject({
        code: 'undo.changedSince',
        message: 'Impossible d’annuler\u00a0: cela a été modifié depuis.',
      });
      expect((await row(box._id)).completed_at).not.toBeNull();
      expect((await row(text._id)).completed_at).not.toBeNull();
    });

    it('refuses once someone changed their own state of an item whose rank it cleared, changing nothing', async () => {
      const box = await create(ann.root, 'todoBox', 'Shed');
      await share(box._id, bob);
      const texts = [await create(box._id, 'todoText', 'Oil'), await create(box._id, 'todoText', 'Saw')];
      await ok('PUT', '/api/items/update-priority', { itemId: texts[0]?._id, priority: 16384 });
      await ok('PUT', '/api/items/update-priority', { itemId: texts[1]?._id, priority: 32768 }, bob);
      const { undoId } = await change('PUT', '/api/items/complete', { itemId: box._id });
      await ok('PUT', '/api/items/update-item', { itemId: texts[1]?._id, favourited: true }, bob);
      await refused(undoId, 409, 'undo.changedSince');
      for (const id of [box._id, texts[0]?._id, texts[1]?._id])
        expect((await row(id ?? '')).completed_at).not.toBeNull();
      expect(await rank(ann.id, texts[0]?._id ?? '')).toMatchObject({ priority: null });
      expect(await rank(bob.id, texts[1]?._id ?? '')).toMatchObject({ priority: null });
    });

    it('refuses someone who may only read the box by now (403), changing nothing', async () => {
      const box = await create(ann.root, 'todoBox', 'Chores');
      await share(box._id, bob);
      const text = await create(box._id, 'todoText', 'Bins');
      const { undoId } = await change('PUT', '/api/items/complete', { itemId: text._id }, bob);
      await ok('PUT', '/api/items/update-ownership', {
        itemId: box._id,
        userId: bob.id,
        ownershipId: 'readonly',
      });
      await refused(undoId, 403, 'error.forbidden', bob);
      expect((await row(text._id)).completed_at).not.toBeNull();
    });
  });

  describe('archive', () => {
    it('brings the item back where it was, with its auto-archive plan and the panes it closed', async () => {
      const box = await create(ann.root, 'todoBox', 'Recipes');
      await share(box._id, bob);
      await ok('PUT', '/api/items/auto-archive', { itemId: box._id, amount: 2, duration: 'weeks' });
      const before = await row(box._id);
      await ok('POST', '/api/items/create-pane', { pos: 0, itemId: box._id });
      const { undoId } = await change('DELETE', '/api/items/archive', { itemId: box._id });
      expect((await row(box._id)).archived_at).not.toBeNull();
      const panes = () =>
        t.database.db.selectFrom('panes').select('id').where('item_id', '=', box._id).execute();
      expect(await panes()).toHaveLength(0);

      const bobSocket = await open(bob);
      const heard = heardUpdate(
        bobSocket,
        (event) => event.itemId === box._id && !event.updatedFields.archivedDate,
      );
      await undone(undoId);
      expect(await row(box._id)).toMatchObject({
        archived_at: null,
        auto_archive_at: before.auto_archive_at,
        parent_id: ann.root,
        position: before.position,
      });
      expect(await panes()).toHaveLength(1);
      expect((await heard).updatedFields).toMatchObject({ archivedDate: null, parentItemId: ann.root });
      // Once only.
      await refused(undoId, 404, 'undo.gone');
    });

    it('refuses once the item was restored and archived again meanwhile', async () => {
      const box = await create(ann.root, 'todoBox', 'Old');
      const { undoId } = await change('DELETE', '/api/items/archive', { itemId: box._id });
      await ok('PUT', '/api/items/unarchive', { itemId: box._id, parentItemId: ann.root });
      await refused(undoId, 409, 'undo.changedSince');
      expect((await row(box._id)).archived_at).toBeNull();
    });
  });

  describe('move', () => {
    it('puts an item reordered within its box back at its very position among its siblings', async () => {
      const box = await create(ann.root, 'todoBox', 'Order');
      const elsewhere = await create(ann.root, 'todoBox', 'Elsewhere');
      const [a, gone, c, d] = [
        await create(box._id, 'todoText', 'A'),
        await create(box._id, 'todoText', 'Gone'),
        await create(box._id, 'todoText', 'C'),
        await create(box._id, 'todoText', 'D'),
      ];
      await ok('PUT', '/api/items/move-to-new-parent', { itemId: gone._id, newParentItemId: elsewhere._id });
      // C sits nearer D than A: its position is no midpoint of theirs.
      const before = await row(c._id);
      const { undoId } = await change('PUT', '/api/items/move-within-pane', {
        droppableItemId: box._id,
        draggableItemId: c._id,
        itemIdAdjacentToDrop: d._id,
        beforeAfter: 'after',
      });
      expect(await childrenOf(box._id)).toEqual([a._id, d._id, c._id]);
      await undone(undoId);
      expect(await childrenOf(box._id)).toEqual([a._id, c._id, d._id]);
      expect((await row(c._id)).position).toBe(before.position);
    });

    it('moves an item dragged into another pane back between its old neighbours, told live', async () => {
      const shared = await create(ann.root, 'todoBox', 'Shared');
      await share(shared._id, bob);
      const from = await create(shared._id, 'todoBox', 'From');
      const to = await create(shared._id, 'todoBox', 'To');
      const [a, b, c] = [
        await create(from._id, 'todoText', 'A'),
        await create(from._id, 'todoText', 'B'),
        await create(from._id, 'todoText', 'C'),
      ];
      const before = await row(b._id);
      const { undoId } = await change('PUT', '/api/items/move-between-panes', {
        draggableItemId: b._id,
        sourceDroppableItemId: from._id,
        destDroppableItemId: to._id,
        itemIdAdjacentToDrop: null,
      });
      expect(await childrenOf(to._id)).toEqual([b._id]);
      // Someone adds to the old box meanwhile: the item still goes back between A and C.
      const d = await create(from._id, 'todoText', 'D', bob);

      const bobSocket = await open(bob);
      const heard = heardUpdate(
        bobSocket,
        (event) => event.itemId === b._id && event.updatedFields.parentItemId === from._id,
      );
      await undone(undoId);
      expect(await childrenOf(from._id)).toEqual([a._id, b._id, c._id, d._id]);
      expect(await row(b._id)).toMatchObject({ parent_id: from._id, position: before.position });
      await heard;
    });

    it('moves an item moved with the box finder back, and refuses once someone moved it on', async () => {
      const [one, two, three] = [
        await create(ann.root, 'todoBox', 'One'),
        await create(ann.root, 'todoBox', 'Two'),
        await create(ann.root, 'todoBox', 'Three'),
      ];
      const text = await create(one._id, 'todoText', 'Wanderer');
      const first = await change('PUT', '/api/items/move-to-new-parent', {
        itemId: text._id,
        newParentItemId: two._id,
      });
      await undone(first.undoId);
      expect((await row(text._id)).parent_id).toBe(one._id);

      const second = await change('PUT', '/api/items/move-to-new-parent', {
        itemId: text._id,
        newParentItemId: two._id,
      });
      await ok('PUT', '/api/items/move-to-new-parent', { itemId: text._id, newParentItemId: three._id });
      await refused(second.undoId, 409, 'undo.changedSince');
      expect((await row(text._id)).parent_id).toBe(three._id);
    });

    it('needs the owner level to move back across shares, as a move would', async () => {
      const shared = await create(ann.root, 'todoBox', 'Household');
      await share(shared._id, bob);
      const inner = await create(shared._id, 'todoBox', 'Inner');
      const text = await create(shared._id, 'todoText', 'Fix the tap');
      const { undoId } = await change(
        'PUT',
        '/api/items/move-to-new-parent',
        { itemId: text._id, newParentItemId: inner._id },
        bob,
      );
      // The box it went to is now seen by someone the old one is not: going back unshares it.
      await share(inner._id, cat);
      await refused(undoId, 403, 'items.move.acrossShares', bob);
      expect((await row(text._id)).parent_id).toBe(inner._id);
      // The owner may.
      const owners = await change('PUT', '/api/items/move-to-new-parent', {
        itemId: text._id,
        newParentItemId: shared._id,
      });
      await undone(owners.undoId);
      expect((await row(text._id)).parent_id).toBe(inner._id);
    });
  });

  describe('Organizer', () => {
    it('gives an unprioritised item its priority and Today mark back, told to the caller’s other tabs', async () => {
      const text = await create(ann.root, 'todoText', 'Call the bank');
      await ok('PUT', '/api/items/update-priority', {
        itemId: text._id,
        priority: 40960,
        markedAsForToday: true,
      });
      const { undoId } = await change('PUT', '/api/items/update-priority', {
        itemId: text._id,
        priority: null,
        markedAsForToday: false,
      });
      expect(await rank(ann.id, text._id)).toMatchObject({ priority: null, marked_for_today: 0 });
      const otherTab = await open(ann);
      const heard = heardUpdate(otherTab, (event) => event.itemId === text._id);
      await undone(undoId);
      expect(await rank(ann.id, text._id)).toEqual({
        priority: 40960,
        marked_for_today: 1,
        prioritizable: 1,
      });
      expect((await heard).updatedFields).toMatchObject({ prioritizable: true });
    });

    it('offers no undo for a change that loses nothing', async () => {
      const text = await create(ann.root, 'todoText', 'Stamps');
      const { undoId } = await change('PUT', '/api/items/update-priority', {
        itemId: text._id,
        priority: 16384,
      });
      expect(undoId).toBeNull();
    });

    it('gives a cleared target date back, with the reminders it took along, told live', async () => {
      const box = await create(ann.root, 'todoBox', 'Dates');
      await share(box._id, bob);
      const text = await create(box._id, 'todoText', 'Dentist');
      const date = Date.UTC(2099, 4, 1, 9);
      await ok('PUT', '/api/items/update-item', { itemId: text._id, priorityTargetDate: date });
      const bobsReminder = await ok<{ data: string }>(
        'POST',
        `/api/reminders/create-item-reminder?${new URLSearchParams({
          itemId: text._id,
          numberOf: '1',
          unit: 'days',
          beforeAfterOn: 'before',
          repeat: 'false',
        })}`,
        {},
        bob,
      );
      const reminders = () =>
        t.database.db
          .selectFrom('reminders')
          .select(['id', 'user_id', 'linked_directly_to_target_date', 'next_fire_at'])
          .where('item_id', '=', text._id)
          .orderBy('id')
          .execute();
      const before = await reminders();
      expect(before).toHaveLength(2);

      const { undoId } = await change('PUT', '/api/items/update-priority', {
        itemId: text._id,
        priority: null,
        priorityTargetDate: null,
      });
      expect((await row(text._id)).target_date).toBeNull();
      expect(await reminders()).toEqual([
        expect.objectContaining({ id: bobsReminder.data, next_fire_at: null }),
      ]);

      const bobSocket = await open(bob);
      const heard = heardUpdate(
        bobSocket,
        (event) => event.itemId === text._id && event.updatedFields.priorityTargetDate === date,
      );
      await undone(undoId);
      expect((await row(text._id)).target_date).toBe(date);
      expect(await reminders()).toEqual(before);
      await heard;
    });
  });

  describe('sharing', () => {
    it('gives a removed share back at its level, and the person hears of the item again', async () => {
      const box = await create(ann.root, 'todoBox', 'Photos');
      await share(box._id, bob, 'readonly');
      const link = () =>
        t.database.db
          .selectFrom('item_users')
          .selectAll()
          .where('item_id', '=', box._id)
          .where('user_id', '=', bob.id)
          .executeTakeFirst();
      const before = await link();
      const { undoId } = await change<{ ok: true }>('DELETE', '/api/items/remove-association', {
        itemId: box._id,
        userId: bob.id,
      });
      expect(await link()).toBeUndefined();
      const bobSocket = await open(bob);
      const heard = nextEvent(bobSocket, 'ADD_ITEM');
      await undone(undoId);
      expect(await link()).toEqual(before);
      expect((await heard).item).toMatchObject({ _id: box._id, accessLevel: 'readonly' });
    });

    it('refuses once the person was shared the item again meanwhile', async () => {
      const box = await create(ann.root, 'todoBox', 'Music');
      await share(box._id, bob, 'editor');
      const { undoId } = await change<{ ok: true }>('DELETE', '/api/items/remove-association', {
        itemId: box._id,
        userId: bob.id,
      });
      await share(box._id, bob, 'readonly');
      await refused(undoId, 409, 'undo.changedSince');
    });
  });

  describe('reminders', () => {
    it('gives a deleted reminder back under its id, with its rule and its fired events', async () => {
      const text = await create(ann.root, 'todoText', 'Renew insurance');
      await ok('PUT', '/api/items/update-item', {
        itemId: text._id,
        priorityTargetDate: Date.UTC(2099, 0, 1),
      });
      const created = await ok<{ data: string }>(
        'POST',
        `/api/reminders/create-item-reminder?${new URLSearchParams({
          itemId: text._id,
          numberOf: '2',
          unit: 'weeks',
          beforeAfterOn: 'before',
          repeat: 'false',
        })}`,
        {},
      );
      const reminder = () =>
        t.database.db.selectFrom('reminders').selectAll().where('id', '=', created.data).executeTakeFirst();
      const before = await reminder();
      const event = {
        id: newId(),
        reminder_id: created.data,
        user_id: ann.id,
        item_id: text._id,
        event_date: 1_000,
        unread: 1,
        dismissed_at: null,
        created_at: 1_000,
      };
      await t.database.db.insertInto('reminder_events').values(event).execute();

      const { undoId } = await change<{ ok: true }>('DELETE', '/api/reminders/remove-item-reminder', {
        reminderId: created.data,
      });
      expect(await reminder()).toBeUndefined();
      const otherTab = await open(ann);
      const count = nextEvent(otherTab, 'reminders:unread-count');
      await undone(undoId);
      expect(await reminder()).toEqual({ ...before, updated_at: expect.any(Number) });
      expect(
        await t.database.db.selectFrom('reminder_events').selectAll().where('id', '=', event.id).execute(),
      ).toEqual([event]);
      expect((await count).count).toBeGreaterThanOrEqual(1);
    });

    it('refuses once the item is out of the person’s sight (404)', async () => {
      const box = await create(bob.root, 'todoBox', 'Lent', bob);
      await ok(
        'PUT',
        '/api/items/associate-user',
        { itemId: box._id, userId: ann.id, ownershipId: 'readonly' },
        bob,
      );
      const created = await ok<{ data: string }>(
        'POST',
        `/api/reminders/create-item-reminder?${new URLSearchParams({ itemId: box._id })}`,
        {},
      );
      const { undoId } = await change<{ ok: true }>('DELETE', '/api/reminders/remove-item-reminder', {
        reminderId: created.data,
      });
      await ok('DELETE', '/api/items/remove-association', { itemId: box._id, userId: ann.id }, bob);
      await refused(undoId, 404, 'error.notFound');
    });
  });

  describe('who may undo, and until when', () => {
    it("answers 404 to anyone but the change's author, who may still undo it", async () => {
      const text = await create(ann.root, 'todoText', 'Mine');
      const { undoId } = await change('DELETE', '/api/items/archive', { itemId: text._id });
      await refused(undoId, 404, 'undo.gone', bob);
      await undone(undoId);
    });

    it('answers 400 to a malformed id and 404 to an unknown one', async () => {
      await refused('not-an-id', 400, 'error.validation');
      await refused(null, 400, 'error.validation');
      await refused(newId(), 404, 'undo.gone');
      const anonymous = await t.request('/api/undo/undo-action', {
        method: 'POST',
        json: { undoId: newId() },
      });
      expect(anonymous.status).toBe(401);
    });

    it('answers 404 once expired, and the scheduled job forgets expired entries', async () => {
      const text = await create(ann.root, 'todoText', 'Expiring');
      const { undoId } = await change('DELETE', '/api/items/archive', { itemId: text._id });
      await t.database.db
        .updateTable('undo_entries')
        .set({ expires_at: Date.now() - 1 })
        .where('id', '=', undoId ?? '')
        .execute();
      await refused(undoId, 404, 'undo.gone');
      expect(
        await createUndoService({ db: t.database.db, now: t.now }).pruneExpired(t.now()),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await t.database.db
          .selectFrom('undo_entries')
          .select('id')
          .where('id', '=', undoId ?? '')
          .execute(),
      ).toEqual([]);
    });
  });
});
