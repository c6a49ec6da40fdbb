import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@nestbox/shared/calendar/calendar.schema';
import { targetDateAtTime, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { Item } from '@nestbox/shared/items/item.schema';
import { occurrence, occurrenceAtOrAfter } from '@nestbox/shared/reminders/fire-time';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { deleteUserByEmail } from '../users/users.service.js';

const APP_URL = 'https://nestbox.example';
const FEED_URL = new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/calendar/[A-Za-z0-9_-]{43}\\.ics$`);
const YEAR = new Date().getUTCFullYear() + 1;

/** A VEVENT as the tests read it, through ical.js. */
interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string;
  allDay: boolean;
  /** yyyy-MM-dd for an all-day event; the UTC instant (ms) for a timed one. */
  start: string | number;
  end: string | number;
  /** Each VALARM: seconds relative to the start (negative: before), or an instant (ms). */
  alarms: ({ relative: number; related: string } | { at: number })[];
  alarmDescriptions: string[];
}

function parseFeed(text: string): { calendar: ICAL.Component; events: Map<string, ParsedEvent> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map<string, ParsedEvent>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const moment = (time: ICAL.Time) => (time.isDate ? time.toString() : time.toJSDate().getTime());
    const valarms = vevent.getAllSubcomponents('valarm');
    const parsed: ParsedEvent = {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
      allDay: event.startDate.isDate,
      start: moment(event.startDate),
      end: moment(event.endDate),
      alarms: valarms.map((valarm) => {
        const trigger = valarm.getFirstProperty('trigger');
        const value = trigger?.getFirstValue();
        if (value instanceof ICAL.Duration)
          return {
            relative: value.toSeconds(),
            related: String(trigger?.getParameter('related') ?? 'START'),
          };
        if (value instanceof ICAL.Time) return { at: value.toJSDate().getTime() };
        throw new Error(`unexpected trigger ${String(value)}`);
      }),
      alarmDescriptions: valarms.map((valarm) => String(valarm.getFirstPropertyValue('description'))),
    };
    events.set(parsed.summary, parsed);
  }
  return { calendar, events };
}

/** yyyy-MM-dd of the day Europe's clocks go forward. */
function lastSundayOfMarch(year: number): string {
  const last = new Date(Date.UTC(year, 2, 31));
  return `${year}-03-${31 - last.getUTCDay()}`;
}

describe(`calendar feed on ${testEngine}`, () => {
  let t: TestApp;
  let webRoot: string;
  let ann: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    // A built web app, so the feed's paths are proven to stay out of its history fallback.
    webRoot = mkdtempSync(path.join(tmpdir(), 'nestbox-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Nestbox</title>');
    t = await buildTestApp({ env: { NESTBOX_APP_URL: APP_URL }, webRoot });
    ann = await createSignedInUser(t, { name: 'Ann' });
    bob = await createSignedInUser(t, { name: 'Bob' });
    await zoneOf(ann, 'Europe/London');
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** Sets a person's zone before their first request (the server keeps a session's user a second). */
  async function zoneOf(user: SignedInUser, timezone: string) {
    await t.database.db.updateTable('users').set({ timezone }).where('id', '=', user.id).execute();
  }

  const send = (method: string, pathname: string, json?: unknown, token?: string) =>
    t.request(pathname, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(who: SignedInUser, method: string, pathname: string, json?: unknown): Promise<T> {
    const res = await send(method, pathname, json, who.token);
    expect(res.status, `${method} ${pathname}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  const date = (who: SignedInUser, itemId: string, priorityTargetDate: number | null) =>
    ok<Item>(who, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate });
  const remind = async (who: SignedInUser, itemId: string, query: string) =>
    (await ok<{ data: string }>(who, 'POST', `/api/reminders/create-item-reminder?itemId=${itemId}&${query}`))
      .data;
  const makeFeed = async (who: SignedInUser) =>
    (await ok<CalendarFeedCreated>(who, 'POST', '/api/calendar/feed')).url;
  const fetchFeed = (url: string) => t.request(new URL(url).pathname);
  async function readFeed(url: string) {
    const res = await fetchFeed(url);
    expect(res.status, await res.clone().text()).toBe(200);
    return parseFeed(await res.text());
  }

  it('refuses anonymous callers on every route of the address (401)', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await send(method, '/api/calendar/feed');
      expect(res.status, method).toBe(401);
    }
    const stranger = await send('POST', '/api/calendar/feed', undefined, 'not-a-token');
    expect(stranger.status).toBe(401);
  });

  it('makes an absolute secret address, says since when it is active, and serves text/calendar', async () => {
    const user = await createSignedInUser(t);
    expect(await ok<CalendarFeedStatus>(user, 'GET', '/api/calendar/feed')).toEqual({
      active: false,
      createdAt: null,
    });
    const before = Date.now();
    const url = await makeFeed(user);
    expect(url).toMatch(FEED_URL);
    const status = await ok<CalendarFeedStatus>(user, 'GET', '/api/calendar/feed');
    expect(status.active).toBe(true);
    expect(status.createdAt).toBeGreaterThanOrEqual(before);

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { calendar, events } = parseFeed(await res.text());
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/London');
    expect(events.size).toBe(0);
  });

  it('keeps only the secret’s SHA-256, 256 random bits per address', async () => {
    const user = await createSignedInUser(t);
    const url = await makeFeed(user);
    const secret = /\/calendar\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const row = await t.database.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('has one event per dated item: all-day or timed, its path, a link back, and only shown reminders as alarms', async () => {
    const zone = 'Europe/London';
    const ids = await tree(t, ann, {
      Home: [{ Kitchen: ['Buy bulbs', 'Someday', 'Done already', 'Archived one'] }, 'Call the plumber'],
      Holiday: ['Pack bags'],
    });
    const [kitchen, bulbs, plumber, done, archived, holiday, inArchivedBox] = [
      ids.Kitchen,
      ids['Buy bulbs'],
      ids['Call the plumber'],
      ids['Done already'],
      ids['Archived one'],
      ids.Holiday,
      ids['Pack bags'],
    ];

    const bulbsDay = targetDateFromDay(`${YEAR}-03-10`, zone);
    // 09:30 in London on the Sunday the clocks go forward (BST, UTC+1; the day before is GMT).
    const plumberAt = targetDateAtTime(lastSundayOfMarch(YEAR), 9, 30, zone);
    await date(ann, bulbs, bulbsDay);
    await date(ann, plumber, plumberAt);
    await date(ann, done, bulbsDay);
    await date(ann, archived, bulbsDay);
    await date(ann, kitchen, targetDateFromDay(`${YEAR}-04-01`, zone));
    await date(ann, inArchivedBox, bulbsDay);
    await ok(ann, 'PUT', '/api/items/complete', { itemId: done });
    await ok(ann, 'DELETE', `/api/items/archive?itemId=${archived}`);
    await ok(ann, 'DELETE', `/api/items/archive?itemId=${holiday}`);

    await remind(ann, plumber, 'numberOf=2&unit=hours&beforeAfterOn=before');
    await remind(ann, plumber, 'numberOf=1&unit=days&beforeAfterOn=before');
    await remind(ann, plumber, 'numberOf=1&unit=days&beforeAfterOn=on');
    await remind(ann, bulbs, 'numberOf=1&unit=days&beforeAfterOn=before');
    await remind(ann, bulbs, 'numberOf=3&unit=hours&beforeAfterOn=after');
    await remind(ann, bulbs, 'numberOf=1&unit=years&beforeAfterOn=after');
    const { events } = await readFeed(await makeFeed(ann));

    expect([...events.keys()].sort()).toEqual(['Buy bulbs', 'Call the plumber', 'Kitchen']);
    const bulbsEvent = events.get('Buy bulbs');
    expect(bulbsEvent).toMatchObject({
      uid: `${bulbs}@nestbox.example`,
      allDay: true,
      start: `${YEAR}-03-10`,
      end: `${YEAR}-03-11`,
      description: 'Workspace › Home › Kitchen',
      url: `${APP_URL}/app/boxes?item=${bulbs}`,
    });
    // Nominal durations on an all-day event; the year as the instant the reminder fires.
    expect(bulbsEvent?.alarms).toEqual([
      { relative: -86_400, related: 'START' },
      { relative: 3 * 3_600, related: 'START' },
      {
        at: occurrence(bulbsDay, { numberOf: 1, unit: 'years', beforeAfterOn: 'after', repeat: false }, zone),
      },
    ]);
    expect(bulbsEvent?.alarmDescriptions[0]).toBe('Reminder: Buy bulbs');

    const plumberEvent = events.get('Call the plumber');
    expect(plumberEvent).toMatchObject({
      allDay: false,
      start: plumberAt,
      end: plumberAt + 30 * 60_000,
      description: 'Workspace › Home',
      url: `${APP_URL}/app/boxes?item=${plumber}`,
    });
    // The hidden reminder linked to the date is left out; "1 day before" across the change of
    // clocks is 09:30 the day before, 23 hours earlier, as the reminder itself fires.
    expect(plumberEvent?.alarms).toEqual([
      { relative: -2 * 3_600, related: 'START' },
      { relative: -23 * 3_600, related: 'START' },
      { relative: 0, related: 'START' },
    ]);
    expect(events.get('Kitchen')).toMatchObject({
      allDay: true,
      start: `${YEAR}-04-01`,
      description: 'Workspace › Home',
    });
  });

  it('gives a repeating reminder its next occurrence, and leaves out one with nothing left to ring', async () => {
    const zone = 'Europe/London';
    const { 'Water the plants': item } = await tree(t, ann, ['Water the plants']);
    const past = targetDateAtTime('2020-01-06', 8, 0, zone);
    await date(ann, item, past);
    await remind(ann, item, 'numberOf=1&unit=weeks&beforeAfterOn=on&repeat=true');
    // Already past when made: nothing is planned, nothing rings.
    await remind(ann, item, 'numberOf=1&unit=hours&beforeAfterOn=before');
    const before = Date.now();
    const { events } = await readFeed(await makeFeed(ann));
    const alarms = events.get('Water the plants')?.alarms ?? [];
    expect(alarms).toHaveLength(1);
    const next = occurrenceAtOrAfter(
      past,
      { numberOf: 1, unit: 'weeks', beforeAfterOn: 'on', repeat: true },
      zone,
      before,
    );
    expect(alarms[0]).toEqual({ at: next });
  });

  it('shows items shared with the person, and never what they do not see', async () => {
    const ids = await tree(t, bob, [
      { 'Trip to Rennes': ['Book the train'] },
      'Bob’s private errand',
      'Shared on its own',
    ]);
    const [trip, tickets, secret, alone] = [
      ids['Trip to Rennes'],
      ids['Book the train'],
      ids['Bob’s private errand'],
      ids['Shared on its own'],
    ];
    const when = Date.UTC(YEAR, 5, 1, 12, 0);
    await date(bob, tickets, when);
    await date(bob, secret, when);
    await date(bob, alone, when);
    await remind(bob, tickets, 'numberOf=5&unit=minutes&beforeAfterOn=before');
    await ok(bob, 'PUT', '/api/items/associate-user', {
      itemId: trip,
      userId: ann.id,
      ownershipId: 'readonly',
    });
    await ok(bob, 'PUT', '/api/items/associate-user', {
      itemId: alone,
      userId: ann.id,
      ownershipId: 'editor',
    });

    const url = await makeFeed(ann);
    let { events } = await readFeed(url);
    expect(events.get('Book the train')).toMatchObject({
      description: 'Trip to Rennes',
      start: when,
      alarms: [],
    });
    expect(events.get('Shared on its own')).toMatchObject({ description: 'Shared with you' });
    expect(events.has('Bob’s private errand')).toBe(false);

    await ok(bob, 'DELETE', `/api/items/remove-association?itemId=${trip}&userId=${ann.id}`);
    ({ events } = await readFeed(url));
    expect(events.has('Book the train')).toBe(false);
    expect(events.has('Shared on its own')).toBe(true);
  });

  it('ends the old address at once when a new one is made, and every address when turned off', async () => {
    const user = await createSignedInUser(t);
    const first = await makeFeed(user);
    const second = await makeFeed(user);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    expect(await ok(user, 'DELETE', '/api/calendar/feed')).toEqual({ ok: true });
    const gone = await fetchFeed(second);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await ok<CalendarFeedStatus>(user, 'GET', '/api/calendar/feed')).toEqual({
      active: false,
      createdAt: null,
    });
    // Turning off what is already off changes nothing.
    expect(await ok(user, 'DELETE', '/api/calendar/feed')).toEqual({ ok: true });
  });

  it('answers 404 (JSON, never the web app) for bogus secrets and malformed names', async () => {
    const unknown = `${'A'.repeat(43)}.ics`;
    for (const name of [
      unknown,
      `${'A'.repeat(43)}.ICS`,
      `${'A'.repeat(43)}`,
      `${'A'.repeat(44)}.ics`,
      'short.ics',
      '.ics',
      '%00.ics',
      `${'%2e'.repeat(10)}.ics`,
      `${'x'.repeat(5000)}.ics`,
      'a/b.ics',
    ]) {
      const res = await t.request(`/calendar/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get('content-type'), name).toMatch(/^application\/json/);
    }
    for (const pathname of ['/calendar', '/calendar/']) {
      const res = await t.request(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type'), pathname).toMatch(/^application\/json/);
    }
    const post = await t.request(`/calendar/${unknown}`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('answers 404 once the owner is no longer active, and nothing once they are deleted', async () => {
    const user = await createSignedInUser(t);
    const url = await makeFeed(user);
    await t.database.db.updateTable('users').set({ activated_at: null }).where('id', '=', user.id).execute();
    expect((await fetchFeed(url)).status).toBe(404);
    await t.database.db
      .updateTable('users')
      .set({ activated_at: Date.now() })
      .where('id', '=', user.id)
      .execute();
    expect((await fetchFeed(url)).status).toBe(200);
    expect(await deleteUserByEmail(t.database.db, user.email)).toBe(true);
    expect((await fetchFeed(url)).status).toBe(404);
    const rows = await t.database.db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps commas, semicolons, backslashes, new lines and emoji in titles as they are', async () => {
    const user = await createSignedInUser(t);
    const title = 'Dinner, wine; cheese\\bread\nsecond line 🎉🇫🇷 — “quoted”';
    const { [title]: item } = await tree(t, user, { 'Pots, pans; & more 🍳': [title] });
    await date(user, item, Date.UTC(YEAR, 6, 14, 18, 0));
    await remind(user, item, 'numberOf=10&unit=minutes&beforeAfterOn=before');
    const { events } = await readFeed(await makeFeed(user));
    expect(events.get(title)).toMatchObject({
      summary: title,
      description: 'Workspace › Pots, pans; & more 🍳',
      alarmDescriptions: [`Reminder: ${title}`],
    });
  });

  it('writes a dated item’s note in its DESCRIPTION after the path, escaped and folded', async () => {
    const user = await createSignedInUser(t);
    const { Errands: box, 'Post the parcel': item } = await tree(t, user, { Errands: ['Post the parcel'] });
    const note = `**Bring** ID; the form, signed\\dated\n- [tracking](https://example.org/track)\n${'long '.repeat(30)}é`;
    await ok(user, 'PUT', '/api/items/set-note', { itemId: item, note });
    await ok(user, 'PUT', '/api/items/set-note', { itemId: box, note: 'Not on the text' });
    await date(user, item, Date.UTC(2030, 4, 2, 10, 0));
    const text = await (await fetchFeed(await makeFeed(user))).text();
    expect(parseFeed(text).events.get('Post the parcel')).toMatchObject({
      description: `Workspace › Errands\n\n${note}`,
    });
    // RFC 5545 TEXT: comma, semicolon, backslash and line break escaped; lines of 75 octets at most.
    expect(text.replaceAll('\r\n ', '')).toContain(
      '**Bring** ID\\; the form\\, signed\\\\dated\\n- [tracking]',
    );
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('writes no control character in any text: line breaks escaped, the others dropped', async () => {
    const user = await createSignedInUser(t);
    const stored = 'Tab\tB\u000bC\u0001D\rE\u001fF';
    const { [stored]: item } = await tree(t, user, { 'Box\u0001 one\u007f': [stored] });
    await date(user, item, Date.UTC(2030, 4, 2, 10, 0));
    await remind(user, item, 'numberOf=10&unit=minutes&beforeAfterOn=before');
    const res = await fetchFeed(await makeFeed(user));
    const text = await res.text();
    // Between the CRLFs that end lines, nothing but the tab below U+0020, and no DEL.
    const controls = [...text.replaceAll('\r\n', '')].filter((char) => {
      const code = char.charCodeAt(0);
      return (code < 0x20 && char !== '\t') || code === 0x7f;
    });
    expect(controls).toEqual([]);
    const title = 'Tab\tBCD\nEF';
    expect(parseFeed(text).events.get(title)).toMatchObject({
      description: 'Workspace › Box one',
      alarmDescriptions: [`Reminder: ${title}`],
    });
  });

  it('carries the VTIMEZONE of the zone its timed series are written in', async () => {
    const user = await createSignedInUser(t);
    await zoneOf(user, 'Europe/Paris');
    const { Swimming: item } = await tree(t, user, ['Swimming']);
    // 09:00 in Paris (UTC+2 in July).
    const nine = Date.UTC(2030, 6, 1, 7, 0);
    await date(user, item, nine);
    await ok(user, 'PUT', '/api/items/set-recurrence', { itemId: item, rule: 'FREQ=WEEKLY' });
    const res = await fetchFeed(await makeFeed(user));
    const text = await res.text();
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20300701T090000');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Paris']);
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    try {
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
      expect(event.startDate.toJSDate().getTime()).toBe(nine);
      // A winter occurrence keeps 09:00 in Paris (UTC+1).
      const iterator = event.iterator();
      let next = iterator.next();
      while (next && next.month < 12) next = iterator.next();
      expect(next?.convertToZone(ICAL.Timezone.utcTimezone).toString()).toBe('2030-12-02T08:00:00Z');
    } finally {
      ICAL.TimezoneService.remove('Europe/Paris');
    }
  });

  it("writes a French person's feed in French, in their zone", async () => {
    const marie = await createSignedInUser(t, { locale: 'fr', name: 'Marie' });
    await zoneOf(marie, 'Europe/Paris');
    const { '': untitled } = await tree(t, marie, { Maison: [''] });
    const day = targetDateFromDay(`${YEAR}-08-15`, 'Europe/Paris');
    await date(marie, untitled, day);
    await remind(marie, untitled, 'numberOf=1&unit=days&beforeAfterOn=before');
    const { calendar, events } = await readFeed(await makeFeed(marie));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris');
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe('Vos éléments datés dans Nestbox.');
    expect(events.get('Texte')).toMatchObject({
      allDay: true,
      start: `${YEAR}-08-15`,
      description: 'Espace de travail › Maison',
      alarmDescriptions: ['Rappel\u00a0: Texte'],
    });
  });
});
