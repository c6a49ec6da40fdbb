import type { Item } from '@nestbox/shared/items/item.schema';
import { todayBounds } from '@nestbox/shared/organizer/grouping';
import type { OrganizerItem, OrganizerPage } from '@nestbox/shared/organizer/organizer.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const DAY = 86_400_000;
const AT = Date.UTC(2026, 2, 10, 12); // a Tuesday, noon in UTC
const ZONE = 'Europe/Paris';

/**
 * A page of the Organizer reads its lists in display order only as far as the page goes
 * (organizer-pages.ts), from keys the database keeps beside each person's state of an item:
 * pages stay exactly the whole list, whatever is hidden in between, however many share a
 * day, and whatever changed in the items since they were ranked.
 */
describe(`organizer pages read in display order on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let member: SignedInUser;
  const ids: Record<string, string> = {};

  const { ok } = apiCalls(
    () => t,
    () => member.token,
  );

  async function text(parentItemId: string, title: string, by = member): Promise<string> {
    const item = await ok<Item>(
      'POST',
      '/api/items/create-item',
      { parentItemId, itemType: 'todoText', title },
      by.token,
    );
    ids[title] = item._id;
    return item._id;
  }

  /** The member's Organizer walked in pages of `limit`, and read whole. */
  async function pagesAndWhole(limit: number) {
    const joined: OrganizerItem[] = [];
    let query = `limit=${limit}`;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(60);
      const page = await ok<OrganizerPage>('GET', `/api/items/get-organizer?${query}`);
      joined.push(...page.organizerItems);
      if (!page.next) break;
      query = `limit=${limit}&prioritizedOffset=${page.next.prioritizedOffset}&unprioritizedOffset=${page.next.unprioritizedOffset}`;
    }
    const whole = (await ok<OrganizerPage>('GET', '/api/items/get-organizer')).organizerItems;
    const titles = (items: OrganizerItem[], ranked: boolean) =>
      items.filter((item) => (item.priority !== null) === ranked).map((item) => item.title);
    expect(titles(joined, true)).toEqual(titles(whole, true));
    expect(titles(joined, false)).toEqual(titles(whole, false));
    expect(joined).toEqual(expect.arrayContaining(whole));
    return { ranked: titles(whole, true), waiting: titles(whole, false) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: () => AT });
    owner = await createSignedInUser(t);
    member = await createSignedInUser(t);
    await t.database.db.updateTable('users').set({ timezone: ZONE }).where('id', '=', member.id).execute();
    const theirs = await tree(t, owner, { 'Their plans': [] });
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: theirs['Their plans'], userId: member.id, ownershipId: 'editor' },
      owner.token,
    );
    const mine = await tree(t, member, { Mine: [], 'Other box': [] });
    const { end } = todayBounds(AT, ZONE);
    // Forty ranked first in someone else's box, all on one day, then mine after them.
    for (let n = 0; n < 40; n++) {
      const id = await text(theirs['Their plans'], `theirs ${String(n).padStart(2, '0')}`, owner);
      await ok('PUT', '/api/items/update-priority', {
        itemId: id,
        priority: n + 1,
        priorityTargetDate: end + DAY,
      });
    }
    // Twelve on one later day, priorities out of creation order; three undated; four waiting.
    for (let n = 0; n < 12; n++) {
      const id = await text(mine.Mine, `day ${String(n).padStart(2, '0')}`);
      await ok('PUT', '/api/items/update-priority', {
        itemId: id,
        priority: 1_000 - n,
        priorityTargetDate: end + 2 * DAY + DAY / 2 + n * 60_000,
      });
    }
    for (const [n, title] of ['undated a', 'undated b', 'undated c'].entries()) {
      const id = await text(mine['Other box'], title);
      await ok('PUT', '/api/items/update-priority', { itemId: id, priority: 2_000 + n });
    }
    for (const title of ['waiting a', 'waiting b', 'waiting c', 'waiting d']) {
      const id = await text(mine['Other box'], title);
      await ok('PUT', '/api/items/update-item', { itemId: id, prioritizable: true });
    }
    ids.theirs = theirs['Their plans'];
    ids.other = mine['Other box'];
    ids.mine = mine.Mine;
  });
  afterAll(() => t.close());

  it('pages a day with more items than a page, by priority within it', async () => {
    const { ranked } = await pagesAndWhole(3);
    expect(ranked.filter((title) => title.startsWith('day'))).toEqual(
      Array.from({ length: 12 }, (_, n) => `day ${String(11 - n).padStart(2, '0')}`),
    );
  });

  it('skips what the member no longer sees, however much of it comes first', async () => {
    expect((await pagesAndWhole(3)).ranked.filter((title) => title.startsWith('theirs'))).toHaveLength(40);
    await ok(
      'DELETE',
      `/api/items/remove-association?itemId=${ids.theirs}&userId=${member.id}`,
      undefined,
      owner.token,
    );
    const first = await ok<OrganizerPage>('GET', '/api/items/get-organizer?limit=2');
    expect(first.organizerItems.map((item) => item.title)).toEqual([
      'day 11',
      'day 10',
      'waiting d',
      'waiting c',
    ]);
    const { ranked } = await pagesAndWhole(2);
    expect(ranked).toHaveLength(15);
  });

  it('follows completion, reopening, dates and archiving made after the items were ranked', async () => {
    await ok('PUT', '/api/items/complete', { itemId: ids['day 11'] });
    await ok('PUT', '/api/items/update-item', { itemId: ids['undated c'], priorityTargetDate: AT - 2 * DAY });
    await ok('PUT', '/api/items/update-item', { itemId: ids['day 00'], priorityTargetDate: null });
    let first = await ok<OrganizerPage>('GET', '/api/items/get-organizer?limit=2');
    expect(first.organizerItems.map((item) => item.title)).toEqual([
      'undated c',
      'day 10',
      'waiting d',
      'waiting c',
    ]);
    await ok('PUT', '/api/items/uncomplete', { itemId: ids['day 11'] });
    await ok('DELETE', `/api/items/archive?itemId=${ids.other}`, undefined);
    // Reopened, it waits unranked again.
    first = await ok<OrganizerPage>('GET', '/api/items/get-organizer?limit=2');
    expect(first.organizerItems.map((item) => item.title)).toEqual(['day 10', 'day 09', 'day 11']);
    const { ranked, waiting } = await pagesAndWhole(4);
    expect(ranked).toEqual(Array.from({ length: 11 }, (_, n) => `day ${String(10 - n).padStart(2, '0')}`));
    expect(waiting).toEqual(['day 11']);
  });

  it('slots the ones due today in among those marked for today, by priority, across batches', async () => {
    for (const [title, priority, markedAsForToday] of [
      ['marked 10', 10, true],
      ['due 20', 20, false],
      ['marked 30', 30, true],
      ['marked 50', 50, true],
      ['due 60', 60, false],
      ['marked 70', 70, true],
      ['marked 90', 90, true],
      ['due 100', 100, false],
      ['marked 110', 110, true],
    ] as const) {
      const id = await text(ids.mine as string, title);
      await ok('PUT', '/api/items/update-priority', {
        itemId: id,
        priority,
        markedAsForToday,
        ...(markedAsForToday ? {} : { priorityTargetDate: AT - DAY }),
      });
    }
    const { ranked } = await pagesAndWhole(2);
    expect(ranked.slice(0, 10)).toEqual([
      'marked 10',
      'due 20',
      'marked 30',
      'marked 50',
      'due 60',
      'marked 70',
      'marked 90',
      'due 100',
      'marked 110',
      'day 10',
    ]);
  });
});
