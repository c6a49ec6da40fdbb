import type { Item } from '@nestbox/shared/items/item.schema';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import { createDAVClient, type DAVCalendar } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';

/** Monday 30 November 2026, 09:00 in Paris. */
const NOW = Date.UTC(2026, 10, 30, 8, 0);

const TODO_FILTER = [
  {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': { _attributes: { name: 'VTODO' } },
    },
  },
];

function vtodo(uid: string, lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//tsdav//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261130T080000Z',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe(`CalDAV on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let annPassword: string;
  let bobPassword: string;
  let home: string;
  let kitchen: string;
  let bobsShared: string;
  let client: Awaited<ReturnType<typeof createDAVClient>>;
  let calendars: DAVCalendar[];
  const annCalls = () =>
    apiCalls(
      () => t,
      () => ann.token,
    );

  const dav = (path: string, init: RequestInit & { password?: string; email?: string } = {}) => {
    const { password = annPassword, email = ann.email, headers, ...rest } = init;
    return t.request(path, {
      ...rest,
      headers: { authorization: basic(email, password), ...(headers as Record<string, string>) },
    });
  };

  const calendarNamed = (name: string) => {
    const found = calendars.find((calendar) => calendar.displayName === name);
    if (!found)
      throw new Error(`no calendar named ${name}: ${calendars.map((c) => c.displayName).join(', ')}`);
    return found;
  };

  async function appPassword(user: SignedInUser, scope: 'read' | 'write' = 'write') {
    const made = await apiCalls(
      () => t,
      () => user.token,
    ).ok<CreatedApiToken>('POST', '/api/tokens', {
      name: 'CalDAV app',
      scope,
    });
    return made.token;
  }

  const getItem = (itemId: string) => annCalls().ok<Item>('GET', `/api/items/get-item?itemId=${itemId}`);

  beforeAll(async () => {
    t = await buildTestApp({ now: clockStartingAt(NOW) });
    ann = await createSignedInUser(t, { email: 'ann@example.com' });
    bob = await createSignedInUser(t, { email: 'bob@example.com' });
    await t.database.db.updateTable('users').set({ timezone: 'Europe/Paris' }).execute();
    annPassword = await appPassword(ann);
    bobPassword = await appPassword(bob);
    const box = async (user: SignedInUser, parent: string, title: string) =>
      (
        await apiCalls(
          () => t,
          () => user.token,
        ).ok<Item>('POST', '/api/items/create-item', {
          parentItemId: parent,
          itemType: 'todoBox',
          title,
        })
      )._id;
    home = await box(ann, ann.root, 'Home');
    kitchen = await box(ann, home, 'Kitchen');
    bobsShared = await box(bob, bob.root, 'Bob’s errands');
    await apiCalls(
      () => t,
      () => bob.token,
    ).ok('PUT', '/api/items/associate-user', {
      itemId: bobsShared,
      userId: ann.id,
      ownershipId: 'readonly',
    });
    client = await createDAVClient({
      serverUrl: t.baseUrl,
      credentials: { username: ann.email, password: annPassword },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    calendars = await client.fetchCalendars();
  });
  afterAll(() => t.close());

  it('is found from the server address alone, and lists every box the person sees by its path', async () => {
    const wellKnown = await t.request('/.well-known/caldav', { redirect: 'manual' });
    expect(wellKnown.status).toBe(301);
    expect(wellKnown.headers.get('location')).toBe('/dav/');
    expect(calendars.map((calendar) => calendar.displayName).sort()).toEqual(
      ['Bob’s errands', 'Workspace', 'Workspace › Home', 'Workspace › Home › Kitchen'].sort(),
    );
    for (const calendar of calendars) expect(calendar.components).toEqual(['VTODO']);
  });

  it('stores a task a client makes as a text, every field kept, and gives it back as it was', async () => {
    const kitchenList = calendarNamed('Workspace › Home › Kitchen');
    const uid = 'c2b8f5d2-6c8a-4a39-9f4e-0d4f1e2a7b11';
    const created = await client.createCalendarObject({
      calendar: kitchenList,
      filename: `${uid}.ics`,
      iCalString: vtodo(uid, [
        'SUMMARY:Descale the kettle',
        'DUE;TZID=Europe/Paris:20261203T100000',
        'RRULE:FREQ=WEEKLY',
        'CATEGORIES:home,chores',
        'DESCRIPTION:Use citric acid\\, not vinegar.',
        'X-APPLE-SORT-ORDER:42',
        'STATUS:NEEDS-ACTION',
      ]),
    });
    expect(created.status).toBe(201);
    // Kept as sent: the new version is answered, and the client's copy stands.
    const etag = created.headers.get('etag');
    expect(etag).toMatch(/^"\d+-[0-9a-f]{8}"$/);

    // The client's UID, a UUID no item has, became the text's id.
    const item = await getItem(uid);
    expect(item).toMatchObject({
      title: 'Descale the kettle #home #chores',
      parentItemId: kitchen,
      note: 'Use citric acid, not vinegar.',
      priorityTargetDate: Date.UTC(2026, 11, 3, 9, 0),
      recurrence: 'FREQ=WEEKLY',
      completed: false,
    });

    const [object] = await client.fetchCalendarObjects({
      calendar: kitchenList,
      objectUrls: [`${kitchenList.url}${uid}.ics`],
    });
    expect(object?.etag).toBe(etag);
    const data = object?.data ?? '';
    expect(data).toContain(`UID:${uid}`);
    // The tags that end the title are its categories, apart from the summary.
    expect(data).toContain('SUMMARY:Descale the kettle\r\n');
    expect(data).toContain('DUE;TZID=Europe/Paris:20261203T100000');
    expect(data).toContain('BEGIN:VTIMEZONE');
    expect(data).toContain('RRULE:FREQ=WEEKLY');
    expect(data).toContain('CATEGORIES:home,chores');
    expect(data).toContain('DESCRIPTION:Use citric acid\\, not vinegar.');
    expect(data).toContain('X-APPLE-SORT-ORDER:42');
  });

  it('makes a task’s alarms the person’s reminders, and a task sent back unchanged keeps them', async () => {
    const list = calendarNamed('Workspace › Home');
    const uid = 'd4e5f6a7-3333-4a39-9f4e-0d4f1e2a7b66';
    const url = `${list.url}${uid}.ics`;
    const alarm = (trigger: string) => [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Ring',
      trigger,
      'END:VALARM',
    ];
    await client.createCalendarObject({
      calendar: list,
      filename: `${uid}.ics`,
      iCalString: vtodo(uid, [
        'SUMMARY:Pay the rent',
        'DUE;TZID=Europe/Paris:20261205T090000',
        ...alarm('TRIGGER;RELATED=END:-PT15M'),
        ...alarm('TRIGGER;RELATED=END:-P1D'),
      ]),
    });
    type Rule = { _id: string; numberOf: number; unit: string; beforeAfterOn: string };
    const rules = async () =>
      (await annCalls().ok<Rule[]>('GET', `/api/reminders/get-item-reminders?itemId=${uid}`))
        .map(({ _id, numberOf, unit, beforeAfterOn }) => ({
          _id,
          rule: `${numberOf} ${unit} ${beforeAfterOn}`,
        }))
        .sort((a, b) => a.rule.localeCompare(b.rule));
    const made = await rules();
    expect(made.map((r) => r.rule)).toEqual(['1 days before', '15 minutes before']);

    const [object] = await client.fetchCalendarObjects({ calendar: list, objectUrls: [url] });
    const data = object?.data ?? '';
    expect(data).toContain('TRIGGER;RELATED=END:-PT15M');
    expect(data).toContain('TRIGGER;RELATED=END:-P1D');
    // Sent back as served, nothing changes: the same reminders, not new ones.
    await client.updateCalendarObject({ calendarObject: { url, etag: object?.etag ?? '', data } });
    expect(await rules()).toEqual(made);
    // An alarm taken away in the app takes its reminder with it.
    const without = data.replace(
      /BEGIN:VALARM\r\n(?:(?!END:VALARM).*\r\n)*TRIGGER;RELATED=END:-PT15M\r\n(?:(?!END:VALARM).*\r\n)*END:VALARM\r\n/,
      '',
    );
    expect(without).not.toContain('-PT15M');
    await client.updateCalendarObject({ calendarObject: { url, data: without } });
    expect((await rules()).map((r) => r.rule)).toEqual(['1 days before']);
  });

  it('updates with If-Match, and refuses a stale version with 412, changing nothing', async () => {
    const list = calendarNamed('Workspace › Home');
    const uid = 'plain-uid-from-a-client@example.org';
    const name = 'plain-uid-from-a-client.ics';
    await client.createCalendarObject({
      calendar: list,
      filename: name,
      iCalString: vtodo(uid, ['SUMMARY:Water the plants']),
    });
    const url = `${list.url}${name}`;
    const [stored] = await client.fetchCalendarObjects({ calendar: list, objectUrls: [url] });
    const first = stored?.etag ?? '';
    const updated = await client.updateCalendarObject({
      calendarObject: {
        url,
        etag: first,
        data: vtodo(uid, ['SUMMARY:Water the ferns', 'DUE;VALUE=DATE:20261201']),
      },
    });
    expect(updated.status).toBe(204);

    const stale = await client.updateCalendarObject({
      calendarObject: { url, etag: first, data: vtodo(uid, ['SUMMARY:Lost change']) },
    });
    expect(stale.status).toBe(412);
    const [object] = await client.fetchCalendarObjects({ calendar: list, objectUrls: [url] });
    expect(object?.data).toContain('SUMMARY:Water the ferns');
    expect(object?.data).toContain('DUE;VALUE=DATE:20261201');
    expect(object?.etag).not.toBe(first);
    // A UID that is not a UUID keeps its own: the text got a new id.
    const tasks = await client.fetchCalendarObjects({ calendar: list, filters: TODO_FILTER });
    expect(tasks.map((task) => task.url)).toContain(url);
  });

  it('archives a deleted task, and a completed repeating task moves on to its next occurrence', async () => {
    const list = calendarNamed('Workspace › Home');
    const repeating = 'a7c1e0f2-1111-4a39-9f4e-0d4f1e2a7b22';
    await client.createCalendarObject({
      calendar: list,
      filename: `${repeating}.ics`,
      iCalString: vtodo(repeating, [
        'SUMMARY:Take the bins out',
        'DUE;VALUE=DATE:20261201',
        'RRULE:FREQ=WEEKLY',
      ]),
    });
    const done = await client.updateCalendarObject({
      calendarObject: {
        url: `${list.url}${repeating}.ics`,
        data: vtodo(repeating, [
          'SUMMARY:Take the bins out',
          'DUE;VALUE=DATE:20261201',
          'RRULE:FREQ=WEEKLY',
          'STATUS:COMPLETED',
          'COMPLETED:20261130T090000Z',
        ]),
      },
    });
    expect(done.status).toBe(204);
    // Nestbox made something else of it: no ETag, so the client reads the next occurrence.
    expect(done.headers.get('etag')).toBeNull();
    const advanced = await getItem(repeating);
    expect(advanced.completed).toBe(false);
    expect(advanced.priorityTargetDate).toBe(Date.UTC(2026, 11, 7, 23, 0));

    const gone = await client.deleteCalendarObject({
      calendarObject: { url: `${list.url}${repeating}.ics` },
    });
    expect(gone.status).toBe(204);
    expect((await getItem(repeating)).archivedDate).not.toBeNull();
    const after = await dav(`${new URL(list.url).pathname}${repeating}.ics`);
    expect(after.status).toBe(404);
  });

  it('tells a client only what changed since its sync token, and what left', async () => {
    const list = calendarNamed('Workspace');
    const make = async (title: string) =>
      (
        await annCalls().ok<Item>('POST', '/api/items/create-item', {
          parentItemId: ann.root,
          itemType: 'todoText',
          title,
        })
      )._id;
    const kept = await make('Call the plumber');
    const changed = await make('Book the dentist');
    const archived = await make('Renew the passport');
    const first = await client.syncCollection({
      url: list.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: '',
    });
    expect(first.map((response) => response.href?.split('/').pop()).sort()).toEqual(
      [`${kept}.ics`, `${changed}.ics`, `${archived}.ics`].sort(),
    );
    const token = await syncTokenOf(list.url);

    await annCalls().ok('POST', '/api/items/save-text-item', {
      itemId: changed,
      title: 'Book the dentist, 9:30',
    });
    await annCalls().ok('DELETE', `/api/items/archive?itemId=${archived}`);
    const delta = await client.syncCollection({
      url: list.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: token,
    });
    const byName = new Map(delta.map((response) => [response.href?.split('/').pop(), response]));
    expect([...byName.keys()].sort()).toEqual([`${changed}.ics`, `${archived}.ics`].sort());
    expect(byName.get(`${changed}.ics`)?.props?.getetag).toBeTruthy();
    expect(byName.get(`${archived}.ics`)?.status).toBe(404);

    const nothing = await client.syncCollection({
      url: list.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: await syncTokenOf(list.url),
    });
    // tsdav answers an empty multistatus as one entry without an href.
    expect(nothing.filter((response) => response.href)).toEqual([]);
  });

  async function syncTokenOf(url: string): Promise<string> {
    const response = await dav(new URL(url).pathname, {
      method: 'PROPFIND',
      headers: { depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>',
    });
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(await response.text())?.[1];
    if (!token) throw new Error('no sync token');
    return token;
  }

  it('moves a task between lists, and tells open pages live', async () => {
    const from = calendarNamed('Workspace › Home');
    const to = calendarNamed('Workspace › Home › Kitchen');
    const uid = 'b3d2e1f0-2222-4a39-9f4e-0d4f1e2a7b33';
    const socket = await connect(t.baseUrl, ann.token);
    try {
      const added = nextEvent(socket, 'ADD_ITEM');
      await client.createCalendarObject({
        calendar: from,
        filename: `${uid}.ics`,
        iCalString: vtodo(uid, ['SUMMARY:Fix the tap']),
      });
      expect((await added).item._id).toBe(uid);
    } finally {
      socket.disconnect();
    }
    const moved = await dav(`${new URL(from.url).pathname}${uid}.ics`, {
      method: 'MOVE',
      headers: { destination: `${t.baseUrl}${new URL(to.url).pathname}${uid}.ics` },
    });
    expect(moved.status).toBe(201);
    expect((await getItem(uid)).parentItemId).toBe(kitchen);
  });

  it('makes a new list an app asks for as a box in the Workspace', async () => {
    const id = 'e7f8a9b0-4444-4a39-9f4e-0d4f1e2a7b77';
    const mkcalendar = (path: string, components = '<c:comp name="VTODO"/>') =>
      dav(path, {
        method: 'MKCALENDAR',
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:set><d:prop><d:displayname>Groceries</d:displayname>
          <c:supported-calendar-component-set>${components}</c:supported-calendar-component-set>
          </d:prop></d:set></c:mkcalendar>`,
      });
    expect((await mkcalendar(`/dav/calendars/${ann.id}/${id}/`)).status).toBe(201);
    expect(await getItem(id)).toMatchObject({
      title: 'Groceries',
      itemType: 'todoBox',
      parentItemId: ann.root,
    });
    const again = await mkcalendar(`/dav/calendars/${ann.id}/${id}/`);
    expect(again.status).toBe(405);
    expect(await again.text()).toContain('resource-must-be-null');
    const named = await mkcalendar(`/dav/calendars/${ann.id}/groceries/`);
    expect(named.status).toBe(403);
    expect(await named.text()).toContain('calendar-collection-location-ok');
    const events = await mkcalendar(
      `/dav/calendars/${ann.id}/f7f8a9b0-4444-4a39-9f4e-0d4f1e2a7b77/`,
      '<c:comp name="VEVENT"/>',
    );
    expect(events.status).toBe(403);
    expect(await events.text()).toContain('supported-calendar-component');
  });

  it('keeps a read-only share read-only, and a stranger’s lists out of sight', async () => {
    const shared = calendarNamed('Bob’s errands');
    const privileges = await dav(new URL(shared.url).pathname, {
      method: 'PROPFIND',
      headers: { depth: '0' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-privilege-set/></d:prop></d:propfind>',
    });
    const body = await privileges.text();
    expect(body).toContain('<d:read/>');
    expect(body).not.toContain('<d:write/>');
    const refused = await dav(`${new URL(shared.url).pathname}new.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar' },
      body: vtodo('f1e2d3c4-0000-4a39-9f4e-0d4f1e2a7b44', ['SUMMARY:Not mine to add']),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('need-privileges');

    // Bob's own Workspace, by id under Ann's home, and Ann's home under Bob's credentials.
    const bobsRoot = await dav(`/dav/calendars/${ann.id}/${bob.root}/`, {
      method: 'PROPFIND',
      headers: { depth: '0' },
    });
    expect(bobsRoot.status).toBe(404);
    const annsHome = await dav(`/dav/calendars/${ann.id}/`, {
      method: 'PROPFIND',
      headers: { depth: '1' },
      email: bob.email,
      password: bobPassword,
    });
    expect(annsHome.status).toBe(404);
  });

  it('signs in with the e-mail and an app password only; a read token never writes', async () => {
    const wrong = await dav('/dav/', { method: 'PROPFIND', password: 'nbx_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm="Nestbox"/);
    const someoneElses = await dav('/dav/', { method: 'PROPFIND', password: bobPassword });
    expect(someoneElses.status).toBe(401);
    const session = await dav('/dav/', { method: 'PROPFIND', password: ann.token });
    expect(session.status).toBe(401);
    const none = await t.request('/dav/', { method: 'PROPFIND' });
    expect(none.status).toBe(401);

    const reader = await appPassword(ann, 'read');
    const read = await dav(`/dav/calendars/${ann.id}/`, {
      method: 'PROPFIND',
      headers: { depth: '1' },
      password: reader,
    });
    expect(read.status).toBe(207);
    const write = await dav(`/dav/calendars/${ann.id}/${home}/x.ics`, {
      method: 'PUT',
      password: reader,
      headers: { 'content-type': 'text/calendar' },
      body: vtodo('e0e0e0e0-0000-4a39-9f4e-0d4f1e2a7b55', ['SUMMARY:Read tokens do not write']),
    });
    expect(write.status).toBe(403);
  });

  it('answers a calendar-query with the tasks its time range and completion filter keep', async () => {
    const list = calendarNamed('Workspace › Home › Kitchen');
    const put = (uid: string, lines: string[]) =>
      client.createCalendarObject({ calendar: list, filename: `${uid}.ics`, iCalString: vtodo(uid, lines) });
    await put('10000000-5555-4a39-9f4e-0d4f1e2a7b01', ['SUMMARY:Due in December', 'DUE;VALUE=DATE:20261210']);
    await put('10000000-5555-4a39-9f4e-0d4f1e2a7b02', ['SUMMARY:Due in January', 'DUE;VALUE=DATE:20270110']);
    await put('10000000-5555-4a39-9f4e-0d4f1e2a7b03', [
      'SUMMARY:Done in December',
      'DUE;VALUE=DATE:20261211',
      'STATUS:COMPLETED',
      'COMPLETED:20261129T180000Z',
    ]);
    // The app's completion time is kept, not the moment it synced.
    const [done] = await client.fetchCalendarObjects({
      calendar: list,
      objectUrls: [`${list.url}10000000-5555-4a39-9f4e-0d4f1e2a7b03.ics`],
    });
    expect(done?.data).toContain('COMPLETED:20261129T180000Z');
    const query = async (filter: string) => {
      const response = await dav(new URL(list.url).pathname, {
        method: 'REPORT',
        headers: { depth: '1', 'content-type': 'application/xml' },
        body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/></d:prop>
          <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">${filter}</c:comp-filter></c:comp-filter></c:filter>
        </c:calendar-query>`,
      });
      expect(response.status).toBe(207);
      return [...(await response.text()).matchAll(/10000000-5555-4a39-9f4e-0d4f1e2a7b0(\d)\.ics/g)]
        .map((match) => Number(match[1]))
        .sort();
    };
    const december = '<c:time-range start="20261201T000000Z" end="20270101T000000Z"/>';
    expect(await query(december)).toEqual([1, 3]);
    expect(
      await query(`${december}<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>`),
    ).toEqual([1]);
    expect(
      await query(
        '<c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match></c:prop-filter>',
      ),
    ).toEqual([1, 2]);
  });

  it('counts wrong passwords as failed logins: 429 past the limit', async () => {
    const attempt = () =>
      dav('/dav/', { method: 'PROPFIND', email: 'guess@example.com', password: 'nbx_guess' });
    for (let n = 0; n < 10; n += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  describe('bad input gets a clear 4xx with its precondition, and changes nothing', () => {
    const countItems = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const put = (name: string, body: string, headers: Record<string, string> = {}) =>
      dav(`/dav/calendars/${ann.id}/${home}/${name}`, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar', ...headers },
        body,
      });

    it.each([
      [
        'malformed iCalendar',
        () => put('a.ics', 'BEGIN:VCALENDAR\r\nthis is not ical'),
        400,
        'valid-calendar-data',
      ],
      [
        'an event where a task belongs',
        () =>
          put(
            'b.ics',
            'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:ev\r\nDTSTART:20261201T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          ),
        403,
        'supported-calendar-component',
      ],
      [
        'a repeat that never happens',
        () =>
          put(
            'c.ics',
            vtodo('never', [
              'SUMMARY:Never',
              'DUE;VALUE=DATE:20261201',
              'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
            ]),
          ),
        403,
        'valid-calendar-object-resource',
      ],
      [
        'a body over 1 MB',
        () => put('d.ics', vtodo('big', [`SUMMARY:${'x'.repeat(1024 * 1024)}`])),
        413,
        'max-resource-size',
      ],
      [
        'a body that is not iCalendar',
        () => put('e.ics', '{}', { 'content-type': 'application/json' }),
        415,
        'supported-calendar-data',
      ],
    ])('%s', async (_name, send, status, condition) => {
      const before = await countItems();
      const response = await send();
      expect(response.status).toBe(status);
      const body = await response.text();
      expect(body).toContain(condition);
      expect(body).toContain('<d:responsedescription>');
      expect(await countItems()).toBe(before);
    });

    it('a task put into a list that is not there', async () => {
      const before = await countItems();
      const response = await dav(`/dav/calendars/${ann.id}/00000000-0000-4000-8000-000000000000/h.ics`, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar' },
        body: vtodo('nowhere', ['SUMMARY:Nowhere']),
      });
      expect(response.status).toBe(404);
      expect(await countItems()).toBe(before);
    });

    it.each([
      ['DUE:not-a-date'],
      ['DUE;TZID=Nowhere/Else:20261201T100000'],
      ['RRULE:FREQ=SOMETIMES'],
      ['COMPLETED:yesterday', 'STATUS:COMPLETED'],
      ['BEGIN:VALARM', 'TRIGGER:soon', 'END:VALARM'],
      ['X-ODD;VALUE=DATE-TIME:garbage'],
      ['CATEGORIES:,,,'],
      ['SUMMARY;LANGUAGE=fr:Deux résumés', 'DESCRIPTION:'],
    ])('an odd property (%s) is refused or kept, never a failure of the server', async (...lines) => {
      const uid = `odd-${lines[0]?.replace(/\W/g, '')}`;
      const response = await put(`${uid}.ics`, vtodo(uid, ['SUMMARY:Odd', ...lines]));
      expect(response.status, await response.clone().text()).toBeLessThan(500);
      if (response.status < 300) {
        const read = await dav(`/dav/calendars/${ann.id}/${home}/${uid}.ics`);
        expect(read.status).toBe(200);
      }
    });

    it('a UID another person’s text has', async () => {
      const bobs = (
        await apiCalls(
          () => t,
          () => bob.token,
        ).ok<Item>('POST', '/api/items/create-item', {
          parentItemId: bob.root,
          itemType: 'todoText',
          title: 'Bob’s own',
        })
      )._id;
      const before = await countItems();
      const response = await put('f.ics', vtodo(bobs, ['SUMMARY:Taken over']));
      expect(response.status).toBe(409);
      expect(await response.text()).toContain('no-uid-conflict');
      expect(await countItems()).toBe(before);
    });

    it('malformed XML, and Depth: infinity on the root', async () => {
      const malformed = await dav('/dav/', {
        method: 'PROPFIND',
        headers: { depth: '0' },
        body: '<d:propfind xmlns:d="DAV:"><d:prop>',
      });
      expect(malformed.status).toBe(400);
      const infinite = await dav('/dav/', { method: 'PROPFIND', headers: { depth: 'infinity' } });
      expect(infinite.status).toBe(403);
      expect(await infinite.text()).toContain('propfind-finite-depth');
    });

    it('answers in the caller’s language', async () => {
      const response = await put('g.ics', 'BEGIN:VCALENDAR\r\nnope', { 'accept-language': 'fr' });
      expect(await response.text()).toContain('Ce n’est pas du texte iCalendar valide');
    });
  });
});
