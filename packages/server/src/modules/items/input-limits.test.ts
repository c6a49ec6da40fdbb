import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { findItem } from './items.repository.js';

/** Beyond what a JavaScript Date can hold: once stored, it broke every page showing the item. */
const BEYOND_DATES = 8_640_000_000_000_001;

describe(`values outside sane ranges are refused with 400 on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    me = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => me.token,
  );
  const create = (itemType: 'todoBox' | 'todoText', title: string, parentItemId = me.root) =>
    send('POST', '/api/items/create-item', { parentItemId, itemType, title });
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

  it('refuses target dates and reminder-list dates outside 1970-01-01 … 9999-12-31, storing nothing', async () => {
    const item = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: me.root,
      itemType: 'todoText',
      title: 'dated',
    });
    const calls: [string, string, Record<string, unknown>, string][] = [
      ['PUT', '/api/items/update-item', { itemId: item._id }, 'priorityTargetDate'],
      ['PUT', '/api/items/update-priority', { itemId: item._id, priority: 1 }, 'priorityTargetDate'],
      ['POST', '/api/reminders/get-reminder-events', {}, 'beginDate'],
      ['POST', '/api/reminders/get-reminder-events', {}, 'lastReminderEventDateInList'],
    ];
    for (const [method, path, body, field] of calls) {
      for (const bad of [BEYOND_DATES, Date.UTC(10000, 0, 2), Date.UTC(1969, 11, 30)]) {
        const res = await send(method, path, { ...body, [field]: bad }, me.token);
        expect(res.status, `${path} ${field}=${bad}`).toBe(400);
        expect((await errorOf(res)).fields?.[field]).toBe(
          'Choose a date between 1 January 1970 and 31 December 9999.',
        );
      }
    }
    const french = await t.request('/api/items/update-item', {
      method: 'PUT',
      headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'fr' },
      json: { itemId: item._id, priorityTargetDate: BEYOND_DATES },
    });
    expect((await errorOf(french)).fields?.priorityTargetDate).toBe(
      'Choisissez une date entre le 1er janvier 1970 et le 31 décembre 9999.',
    );
    expect((await findItem(t.database.db, item._id))?.target_date).toBeNull();

    // The last day of the range, picked at its start anywhere, is a date like any other.
    const lastDay = Date.UTC(9999, 11, 31) - 14 * 3_600_000;
    const dated = await ok<Item>('PUT', '/api/items/update-item', {
      itemId: item._id,
      priorityTargetDate: lastDay,
    });
    expect(dated.priorityTargetDate).toBe(lastDay);
  });

  it('keeps a box title to 200 characters on create-item as on save-box-item, and a text to 2,000', async () => {
    const longBox = await create('todoBox', 'b'.repeat(201));
    expect(longBox.status).toBe(400);
    expect((await errorOf(longBox)).fields?.title).toBe('A Box title can have at most 200 characters.');
    expect((await create('todoBox', 'b'.repeat(200))).status).toBe(201);

    const box = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: me.root,
      itemType: 'todoBox',
      title: 'Short',
    });
    const renamed = await send('POST', '/api/items/save-box-item', {
      itemId: box._id,
      title: 'b'.repeat(201),
    });
    expect(renamed.status).toBe(400);
    expect((await errorOf(renamed)).fields?.title).toBe('A Box title can have at most 200 characters.');
    expect((await findItem(t.database.db, box._id))?.title).toBe('Short');

    const longText = await create('todoText', 't'.repeat(2001));
    expect(longText.status).toBe(400);
    expect((await errorOf(longText)).fields?.title).toBe('A title can have at most 2,000 characters.');
    const text = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: me.root,
      itemType: 'todoText',
      title: 't'.repeat(2000),
    });
    expect(
      (await send('POST', '/api/items/save-text-item', { itemId: text._id, title: 't'.repeat(2001) })).status,
    ).toBe(400);
  });

  it('refuses the reserved names however they are spelt: look-alike letters, invisible characters', async () => {
    const workspace = "You cannot create a Box called 'Workspace' as this name is reserved.";
    const favourites = "You cannot create a Box called 'Favourites' as this name is reserved.";
    const box = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: me.root,
      itemType: 'todoBox',
      title: 'Plain',
    });
    for (const [title, message] of [
      ['\uFF37\uFF4F\uFF52\uFF4B\uFF53\uFF50\uFF41\uFF43\uFF45', workspace],
      ['Work\u200bspace', workspace],
      ['My W\u00adork\u2060space', workspace],
      ['\uFF26avourites', favourites],
      ['Favo\u200durites', favourites],
    ] as const) {
      const created = await create('todoBox', title);
      expect(created.status, title).toBe(400);
      expect((await errorOf(created)).fields?.title, title).toBe(message);
      const renamed = await send('POST', '/api/items/save-box-item', { itemId: box._id, title });
      expect(renamed.status, title).toBe(400);
      expect((await errorOf(renamed)).fields?.title, title).toBe(message);
    }
    expect((await findItem(t.database.db, box._id))?.title).toBe('Plain');
  });
});
