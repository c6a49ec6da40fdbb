import { randomUUID } from 'node:crypto';
import {
  type DatabaseHandle,
  type OpenDatabaseOptions,
  openDatabase,
} from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { type ProfileSummary, startSeededApp } from './lib/app-in-worker.js';
import { type BenchItem, gatherStatistics, insertBenchItems, seedBenchUser } from './lib/bench-user.js';
import { type Benchmark, measureCalls, percentile } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';

const EMAIL = 'caldav-bench@example.test';
const TIMEZONE = 'Europe/Paris';
/** The measured list: one box of 5,000 texts. */
const TEXTS = 5_000;
/** Elsewhere in the workspace, so the change log holds more than the measured list. */
const OTHER_BOXES = 20;
const OTHER_TEXTS_EACH = 250;
const REMINDERS = 500;
/** Texts changed between a sync token and the sync-collection that follows it. */
const CHANGES = 10;
/** calendar-query runs watched one by one for the server thread's longest stall. */
const STALL_RUNS = 10;
/** How many times longer the calendar-query is measured than the others. */
const QUERY_LONGER = 3;
/** How long a measurement that misses its budget is profiled on the server's thread. */
const PROFILE_SECONDS = 3;
const DAY = 86_400_000;

const BUDGET = { syncP95: 50, queryP95: 1_000, putP95: 30, stallMax: 50 };

const PHRASES = [
  'Call Anna about the kitchen',
  'Book the dentist',
  'Renew the passport',
  'Water the ferns',
  'Pay the electricity bill',
  'Fix the bike’s back light',
  'Write to the school',
  'Buy citric acid',
];

/**
 * The bench user (in Paris) with a list of 5,000 texts as people keep them: a third dated
 * (half all-day, half at 9:30), one in thirty of those repeating weekly, a quarter with a
 * note, a fifth ending in tags (CATEGORIES), one in ten completed, 500 reminders; and twenty
 * other boxes of 250 texts. Answers the list and the untagged, unrepeating texts the bench
 * may retitle (their titles' tags then stay true).
 */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, EMAIL);
  await db.updateTable('users').set({ timezone: TIMEZONE }).where('id', '=', userId).execute();
  const listId = newId();
  const rows: BenchItem[] = [{ id: listId, type: 'todoBox', title: 'Home', parent_id: rootId, position: 1 }];
  const today = Date.UTC(2026, 10, 30);
  const dated: string[] = [];
  const completed: string[] = [];
  const changeable: string[] = [];
  for (let i = 0; i < TEXTS; i++) {
    const id = newId();
    const isDated = i % 3 === 0;
    const day = today + (i % 365) * DAY;
    const tagged = i % 5 === 0;
    const repeating = i % 30 === 0;
    rows.push({
      id,
      type: 'todoText',
      title: `${PHRASES[i % PHRASES.length]} ${i}${tagged ? ' #home #chores' : ''}`,
      parent_id: listId,
      position: i + 1,
      target_date: isDated ? (i % 2 === 0 ? day : day + 8.5 * 3_600_000) : null,
      recurrence_rule: repeating ? 'FREQ=WEEKLY' : null,
      note: i % 4 === 0 ? `Ask about the price first.\n\nThen book it for ${i % 28} days later.` : null,
      created_at: now - i * 60_000,
    });
    if (isDated) dated.push(id);
    if (i % 10 === 1) completed.push(id);
    if (!tagged && !repeating) changeable.push(id);
  }
  for (let b = 0; b < OTHER_BOXES; b++) {
    const boxId = newId();
    rows.push({ id: boxId, type: 'todoBox', title: `Box ${b + 1}`, parent_id: rootId, position: b + 2 });
    for (let i = 0; i < OTHER_TEXTS_EACH; i++)
      rows.push({
        id: newId(),
        type: 'todoText',
        title: `${PHRASES[i % PHRASES.length]} in box ${b + 1}`,
        parent_id: boxId,
        position: i + 1,
      });
  }
  await insertBenchItems(db, userId, rows);
  for (let i = 0; i < completed.length; i += 500)
    await db
      .updateTable('items')
      .set({ completed_at: now })
      .where('id', 'in', completed.slice(i, i + 500))
      .execute();
  await db
    .insertInto('reminders')
    .values(
      dated.slice(0, REMINDERS).map((itemId, i) => ({
        id: newId(),
        user_id: userId,
        item_id: itemId,
        number_of: 1 + (i % 3),
        unit: (['hours', 'days', 'weeks'] as const)[i % 3] ?? 'days',
        before_after_on: 'before' as const,
        repeat: 0,
        linked_directly_to_target_date: 0,
        next_fire_at: now + DAY,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await gatherStatistics(database);
  return { userId, listId, changeable: changeable.filter((id) => !completed.includes(id)) };
}

const XML = { 'content-type': 'application/xml; charset=utf-8' };
const syncCollection = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:sync-token>${token}</d:sync-token>
  <d:sync-level>1</d:sync-level>
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
</d:sync-collection>`;
const CALENDAR_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
</c:calendar-query>`;
const SYNC_TOKEN_PROPFIND = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>`;

/** A new task as a phone sends it: its zone's definition, a due time there, a repeat, categories, a description. */
const vtodo = (uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nestbox bench//CalDAV//EN',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Paris',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261130T080000Z',
    'CREATED:20261130T080000Z',
    'SUMMARY:Descale the kettle',
    'DUE;TZID=Europe/Paris:20261203T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=TH',
    'CATEGORIES:home,chores',
    'DESCRIPTION:Use citric acid\\, not vinegar.\\nRinse twice.',
    'STATUS:NEEDS-ACTION',
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const responsesIn = (body: string) => body.split('<d:response>').length - 1;
const tokenIn = (body: string) => {
  const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)?.[1];
  if (!token) throw new Error(`no sync token in ${body.slice(0, 300)}`);
  return token;
};

interface Row {
  name: string;
  calls: number;
  failures: number;
  p50: number;
  p95: number;
  max: number;
  budget: string;
  within: boolean;
  /** Where the server's thread spent it, when it missed its budget. */
  profile?: ProfileSummary;
}

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string, seconds: number) {
  const { app, seeded, token } = await startSeededApp(dataDir, options, seed, { watch: true });
  // The bench's own connection: its changes fire the database's triggers as any write does.
  const writer = openDatabase(options);
  try {
    const made = await fetch(`${app.url}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'CalDAV bench', scope: 'write' }),
    });
    if (made.status !== 201) throw new Error(`POST /api/tokens: ${made.status} ${await made.text()}`);
    const { token: appPassword } = (await made.json()) as { token: string };
    const authorization = `Basic ${Buffer.from(`${EMAIL}:${appPassword}`).toString('base64')}`;
    const list = `${app.url}/dav/calendars/${seeded.userId}/${seeded.listId}/`;
    const dav = (method: string, url: string, body: string, headers: Record<string, string>) =>
      fetch(url, { method, headers: { authorization, ...headers }, body });
    const rows: Row[] = [];
    const row = (
      name: string,
      r: { count: number; failures: number; p50: number; p95: number; max: number },
      budgetMs: number,
    ) =>
      rows.push({
        name,
        calls: r.count,
        failures: r.failures,
        p50: r.p50,
        p95: r.p95,
        max: r.max,
        budget: `p95 < ${budgetMs.toLocaleString('en-GB')} ms`,
        within: r.failures === 0 && r.p95 < budgetMs,
      });

    // sync-collection: a token, ten texts retitled, then the REPORT alone is timed.
    let since = '';
    let round = 0;
    const retitleTen = async () => {
      const start = (round * CHANGES) % (seeded.changeable.length - CHANGES);
      round += 1;
      await writer.db
        .updateTable('items')
        .set({ title: `Retitled in round ${round}`, updated_at: Date.now() })
        .where('id', 'in', seeded.changeable.slice(start, start + CHANGES))
        .execute();
    };
    const changeTen = async () => {
      const propfind = await dav('PROPFIND', list, SYNC_TOKEN_PROPFIND, { ...XML, depth: '0' });
      since = tokenIn(await propfind.text());
      await retitleTen();
    };
    const sync = () => dav('REPORT', list, syncCollection(since), { ...XML, depth: '1' });
    /** Runs `call` (after `prepare`) again and again for a few seconds, the server's thread profiled. */
    const profiled = (call: () => Promise<void>, prepare?: () => Promise<unknown>) =>
      app.profile(async () => {
        const until = performance.now() + PROFILE_SECONDS * 1000;
        while (performance.now() < until) {
          if (prepare) await prepare();
          await call();
        }
      });
    const read = (request: () => Promise<Response>) => async () => {
      await (await request()).arrayBuffer();
    };
    const profileIfOver = async (call: () => Promise<void>, prepare?: () => Promise<unknown>) => {
      const last = rows.at(-1);
      if (last && !last.within) last.profile = await profiled(call, prepare);
    };
    await changeTen();
    const first = await sync();
    const firstBody = await first.text();
    if (first.status !== 207 || responsesIn(firstBody) !== CHANGES || !firstBody.includes('BEGIN:VTODO'))
      throw new Error(`sync-collection: ${first.status}, ${responsesIn(firstBody)} responses`);
    const syncBytes = Buffer.byteLength(firstBody);
    row(
      `sync-collection, ${CHANGES} changed of ${TEXTS.toLocaleString('en-GB')} (getetag, calendar-data)`,
      await measureCalls(sync, { warmUp: 20, durationSeconds: seconds, status: 207, prepare: changeTen }),
      BUDGET.syncP95,
    );
    // Profiled without the PROPFIND: each REPORT's own token is the next one's.
    await profileIfOver(async () => {
      since = tokenIn(await (await sync()).text());
    }, retitleTen);

    // calendar-query of the whole list.
    const query = () => dav('REPORT', list, CALENDAR_QUERY, { ...XML, depth: '1' });
    const whole = await query();
    const wholeBody = await whole.text();
    if (whole.status !== 207 || responsesIn(wholeBody) !== TEXTS)
      throw new Error(`calendar-query: ${whole.status}, ${responsesIn(wholeBody)} responses`);
    const queryBytes = Buffer.byteLength(wholeBody);
    const queryEncoding = whole.headers.get('content-encoding') ?? 'identity';
    row(
      `calendar-query VCALENDAR › VTODO, all ${TEXTS.toLocaleString('en-GB')} (getetag, calendar-data)`,
      // Three times as long: a second a call would leave too few calls for a p95.
      await measureCalls(query, { warmUp: 3, durationSeconds: seconds * QUERY_LONGER, status: 207 }),
      BUDGET.queryP95,
    );
    await profileIfOver(read(query));

    // The server thread's longest stall, each calendar-query watched on its own.
    await app.stats();
    const stalls: number[] = [];
    let stallFailures = 0;
    for (let i = 0; i < STALL_RUNS; i++) {
      const res = await query();
      await res.arrayBuffer();
      if (res.status !== 207) stallFailures++;
      stalls.push((await app.stats()).loopDelayMaxMs);
    }
    stalls.sort((a, b) => a - b);
    const longest = stalls.at(-1) ?? Number.NaN;
    rows.push({
      name: `event-loop stall during one calendar-query of ${TEXTS.toLocaleString('en-GB')} (the server thread's longest delay, per query)`,
      calls: STALL_RUNS,
      failures: stallFailures,
      p50: percentile(stalls, 50),
      p95: percentile(stalls, 95),
      max: longest,
      budget: `max < ${BUDGET.stallMax} ms`,
      within: stallFailures === 0 && longest < BUDGET.stallMax,
    });
    // The calendar-query's profile above shows where a stall's time goes.

    // PUT of a new task, last: each one adds a text to the list.
    const put = () => {
      const uid = randomUUID();
      return dav('PUT', `${list}${uid}.ics`, vtodo(uid), {
        'content-type': 'text/calendar; charset=utf-8',
        'if-none-match': '*',
      });
    };
    const created = await put();
    await created.arrayBuffer();
    if (created.status !== 201 || !created.headers.get('etag'))
      throw new Error(`PUT: ${created.status}, ETag ${created.headers.get('etag')}`);
    row(
      'PUT of a new VTODO (DUE with TZID, RRULE, CATEGORIES, DESCRIPTION), 201 with its ETag',
      await measureCalls(put, { warmUp: 20, durationSeconds: seconds, status: 201 }),
      BUDGET.putP95,
    );
    await profileIfOver(read(put));
    const logged = (await app.stats()).logged;
    return { label, rows, syncBytes, queryBytes, queryEncoding, logged };
  } finally {
    await writer.close();
    await app.close();
  }
}

const ms = (value: number) => value.toFixed(1);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** A profile as the report shows it: by package, then the busiest functions (self time). */
const profileLines = (label: string, r: Row & { profile: ProfileSummary }) => [
  `**${label}, ${r.name}** (p95 ${ms(r.p95)} ms). By package: ${r.profile.packages.map((p) => `${p.name} ${percent(p.share)}`).join(', ')}.`,
  '',
  '| function (self time) | share of busy samples |',
  '|---|---:|',
  ...r.profile.functions.map((f) => `| \`${f.name}\` | ${percent(f.share)} |`),
  '',
];
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-GB')} KB`;

/**
 * The budgets: a sync-collection of ten changes in a list of 5,000 answers within 50 ms (p95),
 * the whole list's calendar-query within a second (p95), a new task's PUT within 30 ms (p95),
 * and no calendar-query holds the server's event loop 50 ms or more. SQLite and (with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 */
const benchmark: Benchmark = {
  title: 'CalDAV: sync-collection, calendar-query and PUT on a list of 5,000 tasks',
  async run({ durationSeconds }) {
    const { results, closing } = await onEachEngine(
      (label, options, dataDir) => measureEngine(label, options, dataDir, durationSeconds),
      { pgDatabase: true },
    );
    const profiled = results.flatMap((m) =>
      m.rows.flatMap((r) => (r.profile ? profileLines(m.label, { ...r, profile: r.profile }) : [])),
    );
    const lines = [
      '| engine | measurement | calls | failures | p50 ms | p95 ms | max ms | budget | verdict |',
      '|---|---|---:|---:|---:|---:|---:|---|---|',
      ...results.flatMap((m) =>
        m.rows.map(
          (r) =>
            `| ${m.label} | ${r.name} | ${r.calls} | ${r.failures} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.budget} | ${r.within ? 'within' : 'OVER'} |`,
        ),
      ),
      '',
      `Answers: sync-collection of ${CHANGES} changes ${results.map((m) => `${kb(m.syncBytes)} (${m.label})`).join(', ')}; calendar-query of ${TEXTS.toLocaleString('en-GB')} ${results.map((m) => `${kb(m.queryBytes)} (${m.label}, sent as ${m.queryEncoding})`).join(', ')}, sizes uncompressed. The client is Node's fetch, which asks \`Accept-Encoding: gzip, deflate\` as phones' HTTP stacks do, so the server compresses what is over 1 KB and the times include the client's inflating it.`,
      ...results
        .filter((m) => m.logged.warnings + m.logged.errors > 0)
        .map(
          (m) =>
            `${m.label}: the server logged ${m.logged.warnings} warnings and ${m.logged.errors} errors; the first: ${m.logged.lines[0] ?? ''}`,
        ),
      '',
      `One request at a time over loopback HTTP (HTTP Basic with the account's e-mail and an API token) to the server in a thread of its own, ${durationSeconds} s per measurement (the calendar-query ${durationSeconds * QUERY_LONGER} s) after a warm-up. The list is one box of ${TEXTS.toLocaleString('en-GB')} texts of a person in ${TIMEZONE} (a third dated, half of those all-day; one in thirty repeating; a quarter with a note; a fifth with two tags; one in ten completed; ${REMINDERS} reminders), beside ${OTHER_BOXES} other boxes of ${OTHER_TEXTS_EACH}.`,
      `Before each sync-collection, untimed: the list's \`d:sync-token\` (PROPFIND, Depth 0), then ${CHANGES} of its texts retitled by one SQL \`update items\` on the bench's own connection (the database's \`item_changes\` triggers record them as any write); the REPORT asks \`d:getetag\` and \`c:calendar-data\` and must answer those ${CHANGES}. The calendar-query asks the same of every task and must answer ${TEXTS.toLocaleString('en-GB')}. Each PUT stores a new UUID (\`If-None-Match: *\`), so the list grows by one text a call; it runs last.`,
      `Stall: the server thread's event-loop delay (\`monitorEventLoopDelay\`, 10 ms resolution) over each of ${STALL_RUNS} calendar-queries run alone, after the measured ones; p50 and p95 are those of the per-query longest.`,
      `Budgets: sync-collection p95 < ${BUDGET.syncP95} ms, calendar-query p95 < ${BUDGET.queryP95.toLocaleString('en-GB')} ms, PUT p95 < ${BUDGET.putP95} ms, no stall of ${BUDGET.stallMax} ms or more.`,
      '',
      ...(profiled.length > 0
        ? [
            `<details><summary>Where the server's thread spends the measurements that miss their budget (a CPU profile of it over ${PROFILE_SECONDS} s of the same calls; the database's own work on PostgreSQL is not in it)</summary>`,
            '',
            ...profiled,
            '</details>',
            '',
          ]
        : []),
      ...closing,
    ];
    return lines.join('\n');
  },
};

export default benchmark;
