import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

describe(`undoing a target date set or moved on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await createSignedInUser(t, { name: 'Ann' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, path: string, json: unknown) =>
    t.request(path, { method, headers: { authorization: `Bearer ${ann.token}` }, json });
  async function change(method: string, path: string, json: unknown) {
    const res = await call(method, path, json);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return { body: (await res.json()) as Item, undoId: res.headers.get(UNDO_ID_HEADER) };
  }
  async function undone(undoId: string | null) {
    expect(undoId).toMatch(/^[0-9a-f-]{36}$/);
    const res = await call('POST', '/api/undo/undo-action', { undoId });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const targetDateOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('items')
        .select('target_date')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).target_date;
  const linkedReminders = (id: string) =>
    t.database.db
      .selectFrom('reminders')
      .select('id')
      .where('item_id', '=', id)
      .where('linked_directly_to_target_date', '=', 1)
      .execute();
  const createText = async (title: string) =>
    (await change('POST', '/api/items/create-item', { parentItemId: ann.root, itemType: 'todoText', title }))
      .body;

  it('takes a date set on an item without one away again, with the reminder it brought', async () => {
    const text = await createText('Call the plumber');
    const date = Date.UTC(2099, 4, 1);
    const { undoId } = await change('PUT', '/api/items/update-item', {
      itemId: text._id,
      priorityTargetDate: date,
    });
    expect(await targetDateOf(text._id)).toBe(date);
    expect(await linkedReminders(text._id)).toHaveLength(1);

    await undone(undoId);
    expect(await targetDateOf(text._id)).toBeNull();
    expect(await linkedReminders(text._id)).toEqual([]);
  });

  it('puts a moved date back on the day it had', async () => {
    const text = await createText('Renew the passport');
    const first = Date.UTC(2099, 4, 1);
    await change('PUT', '/api/items/update-item', { itemId: text._id, priorityTargetDate: first });
    const { undoId } = await change('PUT', '/api/items/update-item', {
      itemId: text._id,
      priorityTargetDate: Date.UTC(2099, 4, 2),
    });
    await undone(undoId);
    expect(await targetDateOf(text._id)).toBe(first);
    expect(await linkedReminders(text._id)).toHaveLength(1);
  });

  it('offers no undo when the date stays what it was', async () => {
    const text = await createText('Water the plants');
    const date = Date.UTC(2099, 4, 1);
    await change('PUT', '/api/items/update-item', { itemId: text._id, priorityTargetDate: date });
    const { undoId } = await change('PUT', '/api/items/update-item', {
      itemId: text._id,
      priorityTargetDate: date,
    });
    expect(undoId).toBeNull();
  });
});
