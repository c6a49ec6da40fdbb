import type { Item } from '@nestbox/shared/items/item.schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';

/**
 * Items created with the id their client chose (changes queued offline name an item before the
 * server has it): the creation may be sent again, and answers the item it made the first time.
 */
describe(`items created with the client's id on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;
  const { ok, send } = signedInApp(async (app, user) => {
    [t, me, other] = [app, user, await createSignedInUser(app)];
  });
  const rowsWithId = async (id: string) =>
    (await t.database.db.selectFrom('items').select('id').where('id', '=', id).execute()).length;

  it('keeps the id, and answers the same item when the creation comes again', async () => {
    const itemId = crypto.randomUUID();
    const body = { itemId, parentItemId: me.root, itemType: 'todoText', title: 'Written offline' };
    const first = await ok<Item>('POST', '/api/items/create-item', body);
    expect(first._id).toBe(itemId);
    const again = await send('POST', '/api/items/create-item', { ...body, title: 'Changed meanwhile' });
    expect(again.status).toBe(201);
    expect(((await again.json()) as Item).title).toBe('Written offline');
    expect(await rowsWithId(itemId)).toBe(1);
  });

  it('answers one item when the same creation arrives twice at once', async () => {
    const itemId = crypto.randomUUID();
    const body = { itemId, parentItemId: me.root, itemType: 'todoText', title: 'Sent twice' };
    const answers = await Promise.all([
      send('POST', '/api/items/create-item', body),
      send('POST', '/api/items/create-item', body),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    expect(await rowsWithId(itemId)).toBe(1);
  });

  it("refuses an id another person's item has, and writes nothing", async () => {
    const itemId = crypto.randomUUID();
    await ok('POST', '/api/items/create-item', {
      itemId,
      parentItemId: me.root,
      itemType: 'todoText',
      title: 'Mine',
    });
    const res = await send(
      'POST',
      '/api/items/create-item',
      { itemId, parentItemId: other.root, itemType: 'todoText', title: 'Theirs' },
      other.token,
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual(
      expect.objectContaining({ code: 'items.id.taken', message: 'This id belongs to another item.' }),
    );
    const mine = await t.database.db
      .selectFrom('items')
      .select(['title', 'parent_id'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(mine).toEqual({ title: 'Mine', parent_id: me.root });
  });

  it('refuses an id that is not a UUID', async () => {
    const res = await send('POST', '/api/items/create-item', {
      itemId: 'not-a-uuid',
      parentItemId: me.root,
      itemType: 'todoText',
      title: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('itemId');
  });

  it('takes the id in quick capture too, once', async () => {
    const itemId = crypto.randomUUID();
    const body = { itemId, title: 'Call the plumber', boxId: me.root, targetDate: Date.UTC(2030, 0, 7, 9) };
    const first = await ok<Item>('POST', '/api/items/quick-capture', body);
    expect(first._id).toBe(itemId);
    expect(first.priorityTargetDate).toBe(body.targetDate);
    const again = await ok<Item>('POST', '/api/items/quick-capture', body);
    expect(again._id).toBe(itemId);
    expect(await rowsWithId(itemId)).toBe(1);
  });
});
