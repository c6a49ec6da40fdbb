import type { Item } from '@nestbox/shared/items/item.schema';
import { groupPrioritised, isOverdue, startOfDayIn } from '@nestbox/shared/organizer/grouping';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { priorityBetween } from '@nestbox/shared/organizer/priority';
import type { User } from '@nestbox/shared/users/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

const MINUTE = 60_000;

/**
 * The Organizer rules end to end through the API, the way the web app applies them: the
 * priority between neighbours (SPEC §4) saved by update-priority, a forced reindex, and
 * Today / day grouping around midnight in the user's own time zone.
 */
describe(`organizer rules through the API on ${testEngine}`, () => {
  let t: TestApp;
  const tokens: string[] = [];
  const roots: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 3; i += 1) {
      const user = await createSignedInUser(t);
      tokens.push(user.token);
      roots.push(user.root);
    }
  });
  afterAll(() => t.close());

  let as = 0;
  const { ok } = apiCalls(
    () => t,
    () => tokens[as] ?? '',
  );
  const text = (title: string) =>
    ok<Item>('POST', '/api/items/create-item', { parentItemId: roots[as], itemType: 'todoText', title });
  const ranked = async () =>
    (await ok<OrganizerItem[]>('GET', '/api/items/get-prioritized-items')).map((i) => [i.title, i.priority]);
  const place = async (item: Item, lower: number | null, higher: number | null) => {
    const { priority, needsReindex } = priorityBetween(lower, higher);
    await ok('PUT', '/api/items/update-priority', { itemId: item._id, priority });
    return { priority, needsReindex };
  };

  it('ranks by the SPEC cases: alone 16384, after it +16384, before it half, between the average', async () => {
    as = 0;
    const [alone, after, before, between] = [
      await text('alone'),
      await text('after'),
      await text('before'),
      await text('between'),
    ];
    expect(await place(alone, null, null)).toEqual({ priority: 16384, needsReindex: false });
    expect(await place(after, 16384, null)).toEqual({ priority: 32768, needsReindex: false });
    expect(await place(before, null, 16384)).toEqual({ priority: 8192, needsReindex: false });
    expect(await place(between, 16384, 32768)).toEqual({ priority: 24576, needsReindex: false });
    expect(await ranked()).toEqual([
      ['before', 8192],
      ['alone', 16384],
      ['between', 24576],
      ['after', 32768],
    ]);
  });

  it('forces a reindex when neighbours are 1e-13 apart; the reindex renumbers and keeps the order', async () => {
    as = 1;
    const [low, high, squeezed, tail] = [
      await text('low'),
      await text('high'),
      await text('squeezed'),
      await text('tail'),
    ];
    await ok('PUT', '/api/items/update-priority', { itemId: low._id, priority: 1 });
    await ok('PUT', '/api/items/update-priority', { itemId: high._id, priority: 1 + 1e-13 });
    await ok('PUT', '/api/items/update-priority', { itemId: tail._id, priority: 5 });
    const { needsReindex } = await place(squeezed, 1, 1 + 1e-13);
    expect(needsReindex).toBe(true);
    expect((await ranked()).map(([title]) => title)).toEqual(['low', 'squeezed', 'high', 'tail']);

    const renumbered = await ok<Record<string, number>>('PUT', '/api/items/reindex-priorities');
    expect(renumbered).toEqual({
      [low._id]: 16384,
      [squeezed._id]: 32768,
      [high._id]: 49152,
      [tail._id]: 65536,
    });
    expect(await ranked()).toEqual([
      ['low', 16384],
      ['squeezed', 32768],
      ['high', 49152],
      ['tail', 65536],
    ]);
    // Room again: the next drop between two of them needs no reindex.
    expect(priorityBetween(16384, 32768).needsReindex).toBe(false);
  });

  it.each([
    ['Pacific/Auckland', '2026-06-15', '2026-06-16'],
    ['America/Los_Angeles', '2026-06-15', '2026-06-16'],
  ])('groups 23:59 into Today and 00:01 into tomorrow in %s', async (timeZone, today, tomorrow) => {
    as = 2;
    const me = await ok<User>('GET', '/api/admin/users/get-user');
    await ok('PUT', '/api/admin/users/save-profile', {
      name: me.name,
      email: me.email,
      timezone: timeZone,
      locale: me.locale,
    });
    const user = await ok<User>('GET', '/api/admin/users/get-user');
    expect(user.timezone).toBe(timeZone);

    const startToday = startOfDayIn(today, timeZone);
    const startTomorrow = startOfDayIn(tomorrow, timeZone);
    const now = startToday + 12 * 60 * MINUTE;
    const dates: Record<string, number> = {
      [`${timeZone} yesterday 23:59`]: startToday - MINUTE,
      [`${timeZone} today 00:01`]: startToday + MINUTE,
      [`${timeZone} today 23:59`]: startTomorrow - MINUTE,
      [`${timeZone} tomorrow 00:01`]: startTomorrow + MINUTE,
    };
    let priority = 100;
    for (const [title, priorityTargetDate] of Object.entries(dates)) {
      const item = await text(title);
      priority += 1;
      await ok('PUT', '/api/items/update-priority', { itemId: item._id, priority, priorityTargetDate });
    }

    const { organizerItems } = await ok<{ organizerItems: OrganizerItem[] }>(
      'GET',
      '/api/items/get-organizer',
    );
    const mine = organizerItems.filter(
      (item): item is OrganizerItem & { priority: number } =>
        item.priority !== null && item.title.startsWith(timeZone),
    );
    const groups = groupPrioritised(mine, now, user.timezone).map(({ key, items }) => [
      key,
      items.map((item) => item.title.slice(timeZone.length + 1)),
    ]);
    expect(groups).toEqual([
      ['today', ['yesterday 23:59', 'today 00:01', 'today 23:59']],
      [`day:${tomorrow}`, ['tomorrow 00:01']],
    ]);
    const overdue = mine.filter((item) => isOverdue(item.priorityTargetDate, now, user.timezone));
    expect(overdue.map((item) => item.title.slice(timeZone.length + 1))).toEqual(['yesterday 23:59']);
  });

  it('finds the same instant in Today in Auckland and in tomorrow in Los Angeles', () => {
    // 2026-06-16 00:30 in Auckland is 2026-06-15 05:30 in Los Angeles.
    const instant = startOfDayIn('2026-06-16', 'Pacific/Auckland') + 30 * MINUTE;
    const aucklandNow = startOfDayIn('2026-06-16', 'Pacific/Auckland') + 10 * MINUTE;
    const laNow = startOfDayIn('2026-06-14', 'America/Los_Angeles') + 23 * 60 * MINUTE + 59 * MINUTE;
    const item = { priority: 1, markedAsForToday: false, priorityTargetDate: instant };
    expect(groupPrioritised([item], aucklandNow, 'Pacific/Auckland')[0]?.key).toBe('today');
    expect(groupPrioritised([item], laNow, 'America/Los_Angeles')[0]?.key).toBe('day:2026-06-15');
  });
});
