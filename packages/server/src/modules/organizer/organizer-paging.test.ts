import type { Item } from '@nestbox/shared/items/item.schema';
import { todayBounds } from '@nestbox/shared/organizer/grouping';
import { compareUnprioritised, prioritisedInDisplayOrder } from '@nestbox/shared/organizer/ordering';
import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const DAY = 86_400_000;
const ZONE = 'Pacific/Auckland';

/**
 * get-organizer in pages: each list comes in its display order, a page continues the one
 * before, and walking the pages gives exactly what one call without a limit gives.
 */
describe(`organizer pages on ${testEngine}`, () => {
  let t: TestApp;
  let me: UserRow;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const mine = await createSignedInUser(t);
    me = mine;
    token = mine.token;
    await t.database.db.updateTable('users').set({ timezone: ZONE }).where('id', '=', me.id).execute();
    const { Errands: errands, 'Ábaco work': work } = await tree(t, mine, { Errands: [], 'Ábaco work': [] });
    const { start, end } = todayBounds(Date.now(), ZONE);
    // [title, parent, priority, Today mark, target date]: every group, overdue, and a marked future date.
    const ranked: [string, string, number, boolean, number | null][] = [
      ['pinned', errands, 50_000, true, null],
      ['overdue', work, 10_000, false, start - 3 * DAY],
      ['due tonight', errands, 30_000, false, end - 60_000],
      ['tomorrow late', work, 20_000, false, end + DAY / 2],
      ['tomorrow early', errands, 5_000, false, end + DAY / 2 + 1],
      ['in three days', work, 1_000, false, end + 2 * DAY + 1],
      ['pinned, due later', errands, 70_000, true, end + 5 * DAY],
      ['undated b', work, 40_000, false, null],
      ['undated a', errands, 2_000, false, null],
      ['undated c', work, 60_000, false, null],
    ];
    for (const [title, parent, priority, markedAsForToday, priorityTargetDate] of ranked) {
      const item = await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: parent,
        itemType: 'todoText',
        title,
      });
      await ok('PUT', '/api/items/update-priority', {
        itemId: item._id,
        priority,
        markedAsForToday,
        priorityTargetDate,
      });
    }
    const waiting: [string, string, number][] = [
      ['Éclair', errands, 5],
      ['apple', work, 1],
      ['Banana', errands, 3],
      ['cherry', work, 3],
      ['ábc', errands, 2],
      ['date', work, 4],
      ['elder', errands, 7],
    ];
    for (const [title, parent, minutes] of waiting) {
      const item = await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: parent,
        itemType: 'todoText',
        title,
      });
      await ok('PUT', '/api/items/update-item', { itemId: item._id, prioritizable: true });
      // Two share a creation time: the id decides between them, on the server and in the app alike.
      await t.database.db
        .updateTable('items')
        .set({ created_at: 1_700_000_000_000 + minutes * 60_000 })
        .where('id', '=', item._id)
        .execute();
    }
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => token,
  );
  const titles = (items: OrganizerItem[]) => items.map((item) => item.title);
  const ranked = (items: OrganizerItem[]) => items.filter((item) => item.priority !== null);
  const waiting = (items: OrganizerItem[]) => items.filter((item) => item.priority === null);

  /** Every page of `limit`, followed through `next`, as the web app does. */
  async function walk(limit: number) {
    const pages: OrganizerPage[] = [];
    let query = `limit=${limit}`;
    for (;;) {
      const page = await ok<OrganizerPage>('GET', `/api/items/get-organizer?${query}`);
      pages.push(page);
      if (!page.next) return pages;
      expect(pages.length).toBeLessThan(20);
      query = `limit=${limit}&prioritizedOffset=${page.next.prioritizedOffset}&unprioritizedOffset=${page.next.unprioritizedOffset}`;
    }
  }

  it('answers everything at once without a limit, each list in its display order', async () => {
    const whole = await ok<OrganizerPage>('GET', '/api/items/get-organizer');
    expect(whole.next).toBeNull();
    expect(titles(ranked(whole.organizerItems))).toEqual([
      'overdue',
      'due tonight',
      'pinned',
      'pinned, due later',
      'tomorrow early',
      'tomorrow late',
      'in three days',
      'undated a',
      'undated b',
      'undated c',
    ]);
    // The shared rule gives the same order.
    expect(
      titles(
        prioritisedInDisplayOrder(
          ranked(whole.organizerItems).map((item) => ({ ...item, priority: item.priority ?? 0 })),
          Date.now(),
          ZONE,
        ),
      ),
    ).toEqual(titles(ranked(whole.organizerItems)));
    // Default order: newest first; 'Banana' and 'cherry' were created together, the later id first.
    const tied = waiting(whole.organizerItems).filter((item) => ['Banana', 'cherry'].includes(item.title));
    expect(titles(waiting(whole.organizerItems))).toEqual(
      titles([...waiting(whole.organizerItems)].sort(compareUnprioritised('createdDate', 'desc'))),
    );
    expect(titles(waiting(whole.organizerItems))[0]).toBe('elder');
    expect(tied).toHaveLength(2);
    expect(whole.parentOrganizerItems).toMatchObject({
      [whole.organizerItems[0]?.parentItemId ?? '']: { title: 'Ábaco work' },
    });
  });

  for (const [column, dir] of [
    ['createdDate', 'desc'],
    ['createdDate', 'asc'],
    ['itemTitle', 'asc'],
    ['parentTitle', 'desc'],
  ] as const) {
    it(`pages of 3 continue each other and add up to the whole (Unprioritized by ${column} ${dir})`, async () => {
      await ok('PUT', '/api/organizer/unprioritized-order', { column, dir });
      const whole = (await ok<OrganizerPage>('GET', '/api/items/get-organizer')).organizerItems;
      expect(titles(waiting(whole))).toEqual(
        titles([...waiting(whole)].sort(compareUnprioritised(column, dir))),
      );
      const pages = await walk(3);
      // 10 ranked and 7 waiting: four pages, the last one with the tenth ranked item alone.
      expect(pages).toHaveLength(4);
      for (const page of pages) {
        expect(ranked(page.organizerItems).length).toBeLessThanOrEqual(3);
        expect(waiting(page.organizerItems).length).toBeLessThanOrEqual(3);
        for (const item of page.organizerItems)
          if (item.parentItemId)
            expect(page.parentOrganizerItems[item.parentItemId]?.title).toBe(item.parentTitle);
      }
      const joined = pages.flatMap((page) => page.organizerItems);
      expect(titles(ranked(joined))).toEqual(titles(ranked(whole)));
      expect(titles(waiting(joined))).toEqual(titles(waiting(whole)));
      expect(joined).toEqual(expect.arrayContaining(whole));
    });
  }

  it('pages the Prioritized list across the Today, dated and Undated groups', async () => {
    const pages = await walk(4);
    expect(pages.map((page) => titles(ranked(page.organizerItems)))).toEqual([
      ['overdue', 'due tonight', 'pinned', 'pinned, due later'],
      ['tomorrow early', 'tomorrow late', 'in three days', 'undated a'],
      ['undated b', 'undated c'],
    ]);
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('refuses a bad page with a translated message, and asks for a sign-in first', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=5001', 'limit=2&prioritizedOffset=-1']) {
      const res = await send('GET', `/api/items/get-organizer?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    const french = await t.request('/api/items/get-organizer?limit=0', {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
    });
    expect(french.status).toBe(400);
    const english = await send('GET', '/api/items/get-organizer?limit=0');
    expect(((await french.json()) as { error: { message: string } }).error.message).not.toBe(
      ((await english.json()) as { error: { message: string } }).error.message,
    );
    expect((await t.request('/api/items/get-organizer?limit=3')).status).toBe(401);
  });
});
