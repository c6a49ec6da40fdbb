import type { Item, SearchResult } from '@nestbox/shared/items/item.schema';
import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

/** A stored target date no JavaScript Date can hold, as an older version or a corrupt import left it. */
const BROKEN_DATE = 8_640_000_000_000_001;
const GOOD_DATE = Date.UTC(2031, 4, 6);

describe(`pages present stored data defensively on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let reader: SignedInUser;
  let box: string;
  let broken: string;
  let dated: string;
  let undated: string;

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createSignedInUser(t);
    reader = await createSignedInUser(t);
    const ids = await tree(t, owner, { Plans: ['broken date', 'dated', 'undated'] });
    box = ids.Plans;
    broken = ids['broken date'];
    dated = ids.dated;
    undated = ids.undated;
    await ok('PUT', '/api/items/associate-user', {
      itemId: box,
      userId: reader.id,
      ownershipId: 'readonly',
    });
    for (const user of [owner, reader]) {
      await ok('PUT', '/api/items/update-priority', { itemId: broken, priority: 1 }, user.token);
      await ok('PUT', '/api/items/update-priority', { itemId: dated, priority: 2 }, user.token);
      await ok('PUT', '/api/items/update-priority', { itemId: undated, priority: 3 }, user.token);
    }
    await ok('PUT', '/api/items/update-item', { itemId: dated, priorityTargetDate: GOOD_DATE });
    await ok('PUT', '/api/items/update-item', { itemId: broken, priorityTargetDate: GOOD_DATE });
    // Written straight into the database, past every check of the API.
    await t.database.db
      .updateTable('items')
      .set({ target_date: BROKEN_DATE })
      .where('id', '=', broken)
      .execute();
  });
  afterAll(() => t.close());

  const datesOf = (items: { _id: string; priorityTargetDate: number | null }[]) =>
    Object.fromEntries(items.map((item) => [item._id, item.priorityTargetDate]));

  it('answers the Organizer, whole and in pages, to everyone who ranked the item, other rows intact', async () => {
    for (const user of [owner, reader]) {
      const whole = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, user.token);
      expect(datesOf(whole.organizerItems)).toEqual({
        [dated]: GOOD_DATE,
        [broken]: null,
        [undated]: null,
      });
      const firstPage = await ok<OrganizerPage>(
        'GET',
        '/api/items/get-organizer?limit=2',
        undefined,
        user.token,
      );
      const secondPage = await ok<OrganizerPage>(
        'GET',
        `/api/items/get-organizer?limit=2&prioritizedOffset=2&unprioritizedOffset=2`,
        undefined,
        user.token,
      );
      expect([...firstPage.organizerItems, ...secondPage.organizerItems].map((i) => i._id).sort()).toEqual(
        [broken, dated, undated].sort(),
      );
      const ranked = await ok<OrganizerItem[]>(
        'GET',
        '/api/items/get-prioritized-items',
        undefined,
        user.token,
      );
      expect(datesOf(ranked)[broken]).toBeNull();
    }
  });

  it('answers the box, the item, search and reminders, showing the broken date as none', async () => {
    const pane = await ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${box}`);
    expect(datesOf(pane.items)).toEqual({ [dated]: GOOD_DATE, [broken]: null, [undated]: null });
    expect((await ok<Item>('GET', `/api/items/get-item?itemId=${broken}`)).priorityTargetDate).toBeNull();
    const found = await ok<SearchResult[]>('POST', '/api/items/search-items', { searchTerm: 'date' });
    expect(datesOf(found)).toEqual({ [dated]: GOOD_DATE, [broken]: null, [undated]: null });
    // A reminder can be set on it: it waits for a date, as without one.
    await ok('POST', `/api/reminders/create-item-reminder?itemId=${broken}`, undefined, reader.token);
    const reminders = await ok<{ nextFireDate: number | null }[]>(
      'GET',
      `/api/reminders/get-item-reminders?itemId=${broken}`,
      undefined,
      reader.token,
    );
    expect(reminders.map((r) => r.nextFireDate)).toEqual([null]);
  });

  it('lets the owner repair it, and not a readonly member', async () => {
    const refused = await send(
      'PUT',
      '/api/items/update-item',
      { itemId: broken, priorityTargetDate: GOOD_DATE },
      reader.token,
    );
    expect(refused.status).toBe(403);
    await ok('PUT', '/api/items/update-priority', {
      itemId: broken,
      priority: 1,
      priorityTargetDate: GOOD_DATE,
    });
    const organizer = await ok<OrganizerPage>('GET', '/api/items/get-organizer', undefined, reader.token);
    expect(datesOf(organizer.organizerItems)[broken]).toBe(GOOD_DATE);
    const reminders = await ok<{ nextFireDate: number | null }[]>(
      'GET',
      `/api/reminders/get-item-reminders?itemId=${broken}`,
      undefined,
      reader.token,
    );
    expect(reminders.map((r) => r.nextFireDate)).toEqual([GOOD_DATE - 86_400_000]);
  });
});
