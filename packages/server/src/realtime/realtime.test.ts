import type { Item } from '@nestbox/shared/items/item.schema';
import type { AddItemEvent, UpdateItemEvent } from '@nestbox/shared/realtime/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeQueries } from '../db/connection.js';
import type { UserRow } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createUser, DEFAULT_PASSWORD, rootBoxOf, tokenFor } from '../test/factories.js';
import { type ClientSocket, connect, nextEvent } from '../test/socket-client.js';
import { testEngine } from '../test/test-database.js';
import { tree } from '../test/tree.js';

describe(`live updates on ${testEngine}`, () => {
  let t: TestApp;
  let owner: UserRow & { token: string; root: string };
  let member: UserRow & { token: string; root: string };
  let stranger: UserRow & { token: string };
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const make = async (name: string) => {
      const user = await createUser(t.database.db, { name });
      return {
        ...user,
        token: await tokenFor(t.secrets.jwtSecret, user),
        root: await rootBoxOf(t.database.db, user.id),
      };
    };
    [owner, member, stranger] = [await make('Owner'), await make('Member'), await make('Stranger')];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const open = async (token: string) => {
    const socket = await connect(t.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const call = async <T>(token: string, method: string, path: string, json: unknown, clientId = 'tab-1') => {
    const res = await t.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-client-id': clientId },
      json,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };

  /** A box of the owner's, shared with the member at `level`. */
  const boxSharedWithMember = async (title: string, level: 'editor' | 'readonly') => {
    const box = await call<Item>(owner.token, 'POST', '/api/items/create-item', {
      parentItemId: owner.root,
      itemType: 'todoBox',
      title,
    });
    await call(owner.token, 'PUT', '/api/items/associate-user', {
      itemId: box._id,
      userId: member.id,
      ownershipId: level,
    });
    return box;
  };

  it('tells whoever sees a text when a save replaced a text its writer had not seen', async () => {
    const text = await call<Item>(owner.token, 'POST', '/api/items/create-item', {
      parentItemId: owner.root,
      itemType: 'todoText',
      title: 'Call the vet',
    });
    const laptop = await open(owner.token);
    const told = nextEvent(laptop, 'item:overwritten');
    const save = (title: string, startedFrom: string, clientId: string) =>
      call(
        owner.token,
        'POST',
        '/api/items/save-text-item',
        { itemId: text._id, title, startedFrom },
        clientId,
      );
    // The laptop saves over what it saw: no overwrite.
    await save('Laptop title', 'Call the vet', 'laptop');
    // The phone's change, made offline from the old text, arrives: it stands, and is told.
    await save('Phone title', 'Call the vet', 'phone');
    expect(await told).toEqual({
      itemId: text._id,
      replacedTitle: 'Laptop title',
      title: 'Phone title',
      clientId: 'phone',
    });
    const saved = await call<Item>(owner.token, 'GET', `/api/items/get-item?itemId=${text._id}`, undefined);
    expect(saved.title).toBe('Phone title');
  });

  it("tells a saved text's change and its new history to whoever sees it, reading who that is once", async () => {
    const box = await boxSharedWithMember('Errands', 'editor');
    const text = await call<Item>(owner.token, 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title: 'Post the parcel',
    });
    const phone = await open(member.token);
    const changed = new Promise<UpdateItemEvent>((resolve) =>
      phone.on('UPDATE_ITEM', (event) => {
        if (event.itemId === text._id && event.updatedFields.title) resolve(event);
      }),
    );
    const historyGrew = nextEvent(phone, 'history:changed');
    let statements = 0;
    const stop = observeQueries(t.database.db, () => {
      statements += 1;
    });
    await call(owner.token, 'POST', '/api/items/save-text-item', {
      itemId: text._id,
      title: 'Post the parcels',
    });
    expect((await changed).updatedFields.title).toBe('Post the parcels');
    expect(await historyGrew).toEqual({ itemId: text._id });
    stop();
    // Between begin and commit: the caller's rights (on PostgreSQL the shares on the way up
    // are held first), the text, the change, its tags, its history. Then the answer (the text
    // as the caller sees it, whether they see its box) and who sees it, read once for both
    // notices: its shared view, its own shares, the shares above it.
    expect(statements).toBe(testEngine === 'postgres' ? 13 : 12);
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connect(t.baseUrl, undefined)).rejects.toThrow('unauthorized');
    await expect(connect(t.baseUrl, 'not-a-token')).rejects.toThrow('unauthorized');
  });

  it("tells everyone who can see a box about a new item and its changes, the caller's client id only to the caller", async () => {
    const box = await boxSharedWithMember('Shared', 'editor');
    const [ownerSocket, memberSocket, strangerSocket] = [
      await open(owner.token),
      await open(member.token),
      await open(stranger.token),
    ];
    const strangerHeard: unknown[] = [];
    strangerSocket.onAny((...args) => strangerHeard.push(args));

    const added = nextEvent(memberSocket, 'ADD_ITEM');
    const echoed = nextEvent(ownerSocket, 'ADD_ITEM');
    const item = await call<Item>(
      owner.token,
      'POST',
      '/api/items/create-item',
      { parentItemId: box._id, itemType: 'todoText', title: 'Milk' },
      'owner-tab',
    );
    const event = (await added) as AddItemEvent;
    expect(event).toMatchObject({
      parentItemId: box._id,
      item: { _id: item._id, title: 'Milk', accessLevel: 'editor' },
    });
    expect(event).not.toHaveProperty('clientId');
    expect(((await echoed) as AddItemEvent).clientId).toBe('owner-tab');

    const updated = nextEvent(ownerSocket, 'UPDATE_ITEM');
    // The member hears their own change too (their tab ignores it by client id).
    const memberEcho = nextEvent(memberSocket, 'UPDATE_ITEM');
    await call(
      member.token,
      'POST',
      '/api/items/save-text-item',
      { itemId: item._id, title: 'Oat milk' },
      'member-tab',
    );
    const seenByOwner = (await updated) as UpdateItemEvent;
    expect(seenByOwner).toMatchObject({
      itemId: item._id,
      updatedFields: { title: 'Oat milk', completed: false },
      removedFields: [],
    });
    expect(seenByOwner).not.toHaveProperty('clientId');
    expect(((await memberEcho) as UpdateItemEvent).clientId).toBe('member-tab');
    const completed = nextEvent(memberSocket, 'UPDATE_ITEM');
    await call(owner.token, 'PUT', '/api/items/complete', { itemId: item._id });
    expect(((await completed) as UpdateItemEvent).updatedFields.completed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerHeard).toEqual([]);
  });

  it('tells whoever sees a box to read it again when an item takes a new place in it', async () => {
    const box = await boxSharedWithMember('Reordered', 'readonly');
    const { First: first, Second: second } = await tree(t, owner, ['First', 'Second'], box._id);
    const memberSocket = await open(member.token);
    const heard: UpdateItemEvent[] = [];
    memberSocket.on('UPDATE_ITEM', (event) => heard.push(event));
    await call(owner.token, 'PUT', '/api/items/move-within-pane', {
      droppableItemId: box._id,
      draggableItemId: second,
      itemIdAdjacentToDrop: first,
      beforeAfter: 'before',
    });
    await expect
      .poll(() => heard.find((event) => event.itemId === box._id))
      .toEqual({ itemId: box._id, updatedFields: {}, removedFields: [] });
    expect(heard.some((event) => event.itemId === second)).toBe(true);
  });

  it("never lets a change sent under another person's client id pass as that person's own echo", async () => {
    const box = await boxSharedWithMember('Borrowed id', 'editor');
    const memberSocket = await open(member.token);
    const heard = nextEvent(memberSocket, 'UPDATE_ITEM');
    // The owner learnt the member's tab id somehow and sends a change under it.
    await call(
      owner.token,
      'POST',
      '/api/items/save-box-item',
      { itemId: box._id, title: 'Sneaky' },
      'member-tab',
    );
    const event = (await heard) as UpdateItemEvent;
    expect(event.updatedFields.title).toBe('Sneaky');
    expect(event).not.toHaveProperty('clientId');
  });

  it("sends a person's own star to their other clients, and to nobody else", async () => {
    const box = await boxSharedWithMember('Starred here', 'editor');
    const [otherTab, memberSocket] = [await open(owner.token), await open(member.token)];
    const memberHeard: unknown[] = [];
    memberSocket.onAny((...args) => memberHeard.push(args));

    const heard = nextEvent(otherTab, 'UPDATE_ITEM');
    await call(owner.token, 'PUT', '/api/items/update-item', { itemId: box._id, favourited: true }, 'phone');
    expect(await heard).toEqual({
      itemId: box._id,
      updatedFields: { favourited: true, prioritizable: false },
      removedFields: [],
      clientId: 'phone',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(memberHeard).toEqual([]);
  });

  it('ends the sockets of a user whose password changes', async () => {
    const socket = await open(member.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await call(member.token, 'PUT', '/api/admin/users/update-password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'a brand new secret',
    });
    expect(await closed).toBe('io server disconnect');
    await expect(connect(t.baseUrl, member.token)).rejects.toThrow('unauthorized');
  });

  it('shows a newly shared box to its recipient, and takes it away when the share ends', async () => {
    const box = await call<Item>(owner.token, 'POST', '/api/items/create-item', {
      parentItemId: owner.root,
      itemType: 'todoBox',
      title: 'Surprise',
    });
    const strangerSocket = await open(stranger.token);
    const shared = nextEvent(strangerSocket, 'ADD_ITEM');
    await call(owner.token, 'PUT', '/api/items/associate-user', {
      itemId: box._id,
      userId: stranger.id,
      ownershipId: 'readonly',
    });
    expect(((await shared) as AddItemEvent).item).toMatchObject({
      _id: box._id,
      title: 'Surprise',
      accessLevel: 'readonly',
    });

    const levelChanged = nextEvent(strangerSocket, 'UPDATE_ITEM');
    await call(owner.token, 'PUT', '/api/items/update-ownership', {
      itemId: box._id,
      userId: stranger.id,
      ownershipId: 'editor',
    });
    expect(await levelChanged).toMatchObject({ itemId: box._id, removedFields: [] });

    const removed = nextEvent(strangerSocket, 'UPDATE_ITEM');
    const res = await t.request(`/api/items/remove-association?itemId=${box._id}&userId=${stranger.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(await removed).toMatchObject({ itemId: box._id, removedFields: ['access'] });
  });
});
