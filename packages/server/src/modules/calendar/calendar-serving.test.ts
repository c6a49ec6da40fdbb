import type { CalendarFeedCreated } from '@nestbox/shared/calendar/calendar.schema';
import type { Item } from '@nestbox/shared/items/item.schema';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { describeEventLoop, watchEventLoop } from '../../test/event-loop-watch.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { appendTexts } from '../items/items.service.js';
import { FEED_RATE_LIMIT } from './calendar.service.js';

const DAY = 86_400_000;
/** 2030-01-01T00:00Z: every date of these tests is fixed. */
const START = Date.UTC(2030, 0, 1);

describe(`serving calendar feeds on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  const { ok } = signedInApp(
    async (app, user) => {
      [t, ann] = [app, user];
      await t.database.db.updateTable('users').set({ timezone: 'UTC' }).where('id', '=', ann.id).execute();
    },
    { app: { env: { NESTBOX_APP_URL: 'https://nestbox.example' } }, user: { name: 'Ann' } },
  );

  const makeFeed = async (token: string) =>
    new URL((await ok<CalendarFeedCreated>('POST', '/api/calendar/feed', undefined, token)).url).pathname;

  it('answers a strong ETag, 304 to If-None-Match while nothing changed, and a new one after a change', async () => {
    const user = await createSignedInUser(t);
    const feed = await makeFeed(user.token);
    const item = await ok<Item>(
      'POST',
      '/api/items/create-item',
      { parentItemId: user.root, itemType: 'todoText', title: 'Dentist' },
      user.token,
    );
    await ok('PUT', '/api/items/update-item', { itemId: item._id, priorityTargetDate: START }, user.token);

    const first = await t.request(feed, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    // Streamed, and compressed all the same.
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.text()).toContain('SUMMARY:Dentist');

    const again = await t.request(feed, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // A list of tags, or a weak form of the same tag, matches too (RFC 9110 §13.1.2).
    const listed = await t.request(feed, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.status).toBe(304);

    const box = await ok<Item>(
      'POST',
      '/api/items/create-item',
      { parentItemId: user.root, itemType: 'todoBox', title: 'Health' },
      user.token,
    );
    const changes: [string, unknown][] = [
      ['POST /api/items/save-text-item', { itemId: item._id, title: 'Dentist at 9' }],
      ['PUT /api/items/update-item', { itemId: item._id, priorityTargetDate: START + DAY }],
      ['PUT /api/items/move-to-new-parent', { itemId: item._id, newParentItemId: box._id }],
      ['POST /api/items/save-box-item', { itemId: box._id, title: 'Teeth' }],
    ];
    let previous = etag;
    for (const [route, body] of changes) {
      const [method = 'PUT', path = ''] = route.split(' ');
      await ok(method, path, body, user.token);
      const changed = await t.request(feed, { headers: { 'if-none-match': previous } });
      expect(changed.status, route).toBe(200);
      const next = changed.headers.get('etag') ?? '';
      expect(next, route).not.toBe(previous);
      previous = next;
    }
    // A reminder added, and the owner's language (the feed's texts), change it too.
    await ok(
      'POST',
      `/api/reminders/create-item-reminder?itemId=${item._id}&numberOf=1&unit=hours&beforeAfterOn=before`,
      undefined,
      user.token,
    );
    const reminded = await t.request(feed, { headers: { 'if-none-match': previous } });
    expect(reminded.status).toBe(200);
    previous = reminded.headers.get('etag') ?? '';
    await t.database.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', user.id).execute();
    const french = await t.request(feed, { headers: { 'if-none-match': previous } });
    expect(french.status).toBe(200);
    previous = french.headers.get('etag') ?? '';
    expect(previous).not.toBe(reminded.headers.get('etag'));
    // Completed: the event goes.
    await ok('PUT', '/api/items/complete', { itemId: item._id }, user.token);
    const completed = await t.request(feed, { headers: { 'if-none-match': previous } });
    expect(completed.status).toBe(200);
    expect(await completed.text()).not.toContain('Dentist');
  });

  it('refuses a feed read too often with 429 and Retry-After, other feeds unaffected', async () => {
    const user = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const feed = await makeFeed(user.token);
    const otherFeed = await makeFeed(other.token);
    for (let i = 0; i < FEED_RATE_LIMIT.max; i++)
      expect((await t.request(feed)).status, `read ${i + 1}`).toBe(200);
    const refused = await t.request(feed, { headers: { 'accept-language': 'fr' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(/\S/);
    expect((await t.request(otherFeed)).status).toBe(200);
  });

  it('serves 50,000 dated items without holding the event loop', { timeout: 180_000 }, async () => {
    const box = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: ann.root,
      itemType: 'todoBox',
      title: 'Big',
    });
    await appendTexts(t.database.db, {
      parentId: box._id,
      createdBy: ann.id,
      titles: Array.from({ length: 50_000 }, (_, i) => `Call Anna about the kitchen ${i}`),
      now: START,
    });
    // Half all-day, half at 09:30, over a year.
    await sql`update items set target_date = ${START}
        + (cast(position as bigint) / 1024 % 365) * ${DAY}
        + (cast(position as bigint) / 1024 % 2) * 34200000
      where parent_id = ${box._id}`.execute(t.database.db);
    // PostgreSQL's autovacuum gathers statistics after such a bulk write; without them it
    // would sort the whole box for each page.
    if (testEngine === 'postgres') await sql`analyze items`.execute(t.database.db);
    const feed = await makeFeed(ann.token);

    const watch = watchEventLoop();
    const started = performance.now();
    const res = await t.request(feed, { headers: { 'accept-encoding': 'identity' } });
    // The body is received a chunk at a time and read as text only once the watch is over:
    // what is timed is the server's work, not the client's decoding of 15 MB in one go.
    const chunks: Uint8Array[] = [];
    const reader = res.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
      chunks.push(read.value);
    const took = performance.now() - started;
    const loop = await watch.stop();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(res.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(events).toHaveLength(50_000);
    console.info(`50,000-item feed: ${Math.round(took)} ms; ${describeEventLoop(loop)}`);
    // A feed built in one piece held the loop 1.2 s of work here (its histogram saw 101 ms of
    // that 2.2 s stall, and counts time the process was not running: a looser bound).
    expect(loop.longestBusyGap).toBeLessThan(200);
    expect(loop.maxDelay).toBeLessThan(1000);
  });
});
