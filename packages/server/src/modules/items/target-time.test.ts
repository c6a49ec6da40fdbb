import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import type { ExportFile, ExportItem } from '@nestbox/shared/data/export.schema';
import { targetDateAtTime, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { Item, ItemsForPane } from '@nestbox/shared/items/item.schema';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

const PARIS = 'Europe/Paris';
/** Monday 30 November 2026, 09:00 in Paris. */
const NOW = Date.UTC(2026, 10, 30, 8, 0);
/** Tuesday 1 December 2026 at 00:00 in Paris: a time of day, or the day alone, by what was set. */
const MIDNIGHT = targetDateAtTime('2026-12-01', 0, 0, PARIS);

/**
 * A target date at 00:00 is a time when it was set with one, and the day alone when it was
 * not: every writer records which (update-item, the Organizer, quick capture, CalDAV, import),
 * and every reader keeps to it (the API, undo, repeats, the calendar feed, CalDAV, exports).
 */
describe(`a target date's time of day, 00:00 included, on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  const { ok, send } = apiCalls(
    () => t,
    () => ann.token,
  );

  beforeAll(async () => {
    t = await buildTestApp({ now: clockStartingAt(NOW) });
    ann = await createSignedInUser(t, { email: 'ann@example.com' });
    await t.database.db.updateTable('users').set({ timezone: PARIS }).execute();
  });
  afterAll(() => t.close());

  const createText = (title: string, parentItemId = ann.root) =>
    ok<Item>('POST', '/api/items/create-item', { parentItemId, itemType: 'todoText', title });
  const getItem = (itemId: string) => ok<Item>('GET', `/api/items/get-item?itemId=${itemId}`);
  const dated = (itemId: string, priorityTargetDate: number | null, targetHasTime?: boolean) =>
    send('PUT', '/api/items/update-item', { itemId, priorityTargetDate, targetHasTime });

  it('keeps 00:00 as a time when it is set as one, and the start of a day as the day alone', async () => {
    const night = await createText('Night train');
    const rest = await createText('Rest day');
    const legacy = await createText('Set by an older client');
    expect((await dated(night._id, MIDNIGHT, true)).status).toBe(200);
    expect((await dated(rest._id, MIDNIGHT, false)).status).toBe(200);
    expect((await dated(legacy._id, MIDNIGHT)).status).toBe(200);

    expect(await getItem(night._id)).toMatchObject({ priorityTargetDate: MIDNIGHT, targetHasTime: true });
    expect(await getItem(rest._id)).toMatchObject({ priorityTargetDate: MIDNIGHT, targetHasTime: false });
    // Left out, nothing is recorded: readers take the start of a day as the day alone.
    expect((await getItem(legacy._id)).targetHasTime).toBeNull();
    // The pane, the Organizer and Upcoming present the same field.
    const pane = await ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${ann.root}`);
    expect(pane.items.find((item) => item._id === night._id)?.targetHasTime).toBe(true);
    const found = await ok<Item[]>('POST', '/api/items/search-items', { searchTerm: 'Night train' });
    expect(found.map((item) => item.targetHasTime)).toEqual([true]);
    const upcoming = await ok<{ items: Item[] }>('GET', '/api/upcoming');
    expect(upcoming.items.find((item) => item._id === rest._id)?.targetHasTime).toBe(false);

    // Cleared, the date takes its time with it.
    expect((await dated(night._id, null)).status).toBe(200);
    expect(await getItem(night._id)).toMatchObject({ priorityTargetDate: null, targetHasTime: null });
  });

  it('puts the time back with the date when the change is undone', async () => {
    const text = await createText('Ferry at midnight');
    await dated(text._id, MIDNIGHT, true);
    // The same instant as a day alone is a change, and can be undone.
    const changed = await dated(text._id, MIDNIGHT, false);
    const undoId = changed.headers.get(UNDO_ID_HEADER);
    expect(undoId).toBeTruthy();
    expect((await getItem(text._id)).targetHasTime).toBe(false);
    await ok('POST', '/api/undo/undo-action', { undoId });
    expect(await getItem(text._id)).toMatchObject({ priorityTargetDate: MIDNIGHT, targetHasTime: true });
    // The history tells each change, the time with the date.
    const { events } = await ok<{ events: { kind: string; details?: unknown }[] }>(
      'GET',
      `/api/items/${text._id}/history`,
    );
    expect(events.filter((event) => event.kind === 'dated').map((event) => event.details)).toEqual([
      { from: MIDNIGHT, to: MIDNIGHT, fromHasTime: false, toHasTime: true },
      { from: MIDNIGHT, to: MIDNIGHT, fromHasTime: true, toHasTime: false },
      { from: null, to: MIDNIGHT, toHasTime: true },
    ]);
  });

  it('takes the time from quick capture and the Organizer, and keeps it on the next occurrence', async () => {
    const captured = await ok<Item>('POST', '/api/items/quick-capture', {
      title: 'Call Tokyo',
      targetDate: MIDNIGHT,
      targetHasTime: true,
      recurrence: { rule: 'FREQ=WEEKLY' },
    });
    expect(captured).toMatchObject({ priorityTargetDate: MIDNIGHT, targetHasTime: true });

    await ok('PUT', '/api/items/complete', { itemId: captured._id });
    const next = await getItem(captured._id);
    expect(next.priorityTargetDate).toBe(targetDateAtTime('2026-12-08', 0, 0, PARIS));
    expect(next.targetHasTime).toBe(true);

    const ranked = await createText('Rank me');
    await ok('PUT', '/api/items/update-priority', {
      itemId: ranked._id,
      priority: 1,
      priorityTargetDate: MIDNIGHT,
      targetHasTime: true,
    });
    expect((await getItem(ranked._id)).targetHasTime).toBe(true);
  });

  it('serves 00:00 as a timed event in the calendar feed, and the day alone as an all-day one', async () => {
    const timed = await createText('Feed: midnight call');
    const allDay = await createText('Feed: whole day');
    await dated(timed._id, MIDNIGHT, true);
    await dated(allDay._id, MIDNIGHT, false);
    const { url } = await ok<{ url: string }>('POST', '/api/calendar/feed');
    const res = await t.request(new URL(url).pathname);
    expect(res.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const start = (summary: string) =>
      calendar
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
        .find((event) => event.summary === summary)?.startDate;
    expect(start('Feed: whole day')?.isDate).toBe(true);
    expect(start('Feed: whole day')?.toString()).toBe('2026-12-01');
    expect(start('Feed: midnight call')?.isDate).toBe(false);
    expect(start('Feed: midnight call')?.toJSDate().getTime()).toBe(MIDNIGHT);
  });

  it('reads a CalDAV DUE at 00:00 as a time and a DATE as a day, and writes each back as it came', async () => {
    const { token: password } = await ok<CreatedApiToken>('POST', '/api/tokens', {
      name: 'Tasks app',
      scope: 'write',
    });
    const dav = (name: string, init: RequestInit = {}) =>
      t.request(`/dav/calendars/${ann.id}/${ann.root}/${name}`, {
        ...init,
        headers: {
          authorization: `Basic ${Buffer.from(`${ann.email}:${password}`).toString('base64')}`,
          'content-type': 'text/calendar',
        },
      });
    const task = (uid: string, due: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VTODO',
        `UID:${uid}`,
        'DTSTAMP:20261130T080000Z',
        `SUMMARY:${uid}`,
        due,
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const timedUid = '5f0c1d2e-0000-4a39-9f4e-0d4f1e2a7b01';
    const dayUid = '5f0c1d2e-0000-4a39-9f4e-0d4f1e2a7b02';
    expect(
      (
        await dav(`${timedUid}.ics`, {
          method: 'PUT',
          body: task(timedUid, 'DUE;TZID=Europe/Paris:20261201T000000'),
        })
      ).status,
    ).toBe(201);
    expect(
      (await dav(`${dayUid}.ics`, { method: 'PUT', body: task(dayUid, 'DUE;VALUE=DATE:20261201') })).status,
    ).toBe(201);

    expect(await getItem(timedUid)).toMatchObject({ priorityTargetDate: MIDNIGHT, targetHasTime: true });
    expect(await getItem(dayUid)).toMatchObject({
      priorityTargetDate: targetDateFromDay('2026-12-01', PARIS),
      targetHasTime: false,
    });
    const dueOf = async (uid: string) =>
      new ICAL.Component(ICAL.parse(await (await dav(`${uid}.ics`)).text()))
        .getFirstSubcomponent('vtodo')
        ?.getFirstProperty('due')
        ?.toICALString();
    expect(await dueOf(timedUid)).toBe('DUE;TZID=Europe/Paris:20261201T000000');
    expect(await dueOf(dayUid)).toBe('DUE;VALUE=DATE:20261201');
  });

  it('takes a time written in a Todoist or OPML file as a time, 00:00 included', async () => {
    const cara = await createSignedInUser(t, { email: 'cara@example.com' });
    await t.database.db.updateTable('users').set({ timezone: PARIS }).where('id', '=', cara.id).execute();
    const importFile = async (format: string, body: string) => {
      const res = await t.request(`/api/import?format=${format}&boxId=${cara.root}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cara.token}`, 'content-type': 'application/octet-stream' },
        body,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await importFile(
      'todoist-csv',
      [
        'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
        'task,Todoist midnight,,1,1,,,1 Dec 2026 00:00,en,Europe/Paris',
        'task,Todoist day,,1,1,,,1 Dec 2026,en,Europe/Paris',
      ].join('\n'),
    );
    await importFile(
      'opml',
      `<?xml version="1.0"?><opml version="2.0"><head/><body>
        <outline text="OPML midnight" _targetDate="2026-12-01T00:00:00+01:00"/>
        <outline text="OPML day" _targetDate="2026-12-01"/>
      </body></opml>`,
    );
    const rows = await t.database.db
      .selectFrom('items')
      .select(['title', 'target_date', 'target_has_time'])
      .where('created_by', '=', cara.id)
      .where('title', 'in', ['Todoist midnight', 'Todoist day', 'OPML midnight', 'OPML day'])
      .orderBy('title')
      .execute();
    expect(rows).toEqual([
      { title: 'OPML day', target_date: MIDNIGHT, target_has_time: 0 },
      { title: 'OPML midnight', target_date: MIDNIGHT, target_has_time: 1 },
      { title: 'Todoist day', target_date: MIDNIGHT, target_has_time: 0 },
      { title: 'Todoist midnight', target_date: MIDNIGHT, target_has_time: 1 },
    ]);
  });

  it('carries the time in the JSON export and brings it back on import', async () => {
    const box = await ok<Item>('POST', '/api/items/create-item', {
      parentItemId: ann.root,
      itemType: 'todoBox',
      title: 'Trip',
    });
    const night = await createText('Boarding', box._id);
    const day = await createText('Packing day', box._id);
    await dated(night._id, MIDNIGHT, true);
    await dated(day._id, MIDNIGHT, false);
    const res = await t.request('/api/export?format=json', {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    const file = (await res.json()) as ExportFile;
    const trip = file.workspace.find((item) => item.title === 'Trip') as ExportItem & {
      children: ExportItem[];
    };
    const exported = (title: string) => trip.children.find((item) => item.title === title);
    expect(exported('Boarding')).toMatchObject({ targetDate: MIDNIGHT, targetHasTime: true });
    expect(exported('Packing day')).toMatchObject({ targetDate: MIDNIGHT, targetHasTime: false });

    const bea = await createSignedInUser(t, { email: 'bea@example.com' });
    const imported = await t.request(`/api/import?format=json&boxId=${bea.root}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bea.token}`, 'content-type': 'application/octet-stream' },
      body: JSON.stringify({ ...file, workspace: [trip] }),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const rows = await t.database.db
      .selectFrom('items')
      .select(['title', 'target_has_time'])
      .where('created_by', '=', bea.id)
      .where('title', 'in', ['Boarding', 'Packing day'])
      .orderBy('title')
      .execute();
    expect(rows).toEqual([
      { title: 'Boarding', target_has_time: 1 },
      { title: 'Packing day', target_has_time: 0 },
    ]);
  });
});
