import { cpus, loadavg } from 'node:os';
import { ORGANIZER_FIRST_PAGE, ORGANIZER_NEXT_PAGE } from '@nestbox/shared/constants';
import { chromium } from '@playwright/test';
import type { DatabaseHandle, OpenDatabaseOptions } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startSeededApp } from './lib/app-in-worker.js';
import {
  type BenchItem,
  gatherStatistics,
  insertBenchItems,
  insertPersonalStates,
  seedBenchUser,
} from './lib/bench-user.js';
import { type Benchmark, callTableHead, callTableRow, measureCalls } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';

const PRIORITISED = 5_000;
const UNPRIORITISED = 5_000;
const BOXES = 50;
const DAY = 86_400_000;
const LONG_TASK_MS = 50;

/** The tags one text in five carries (their rows written as the app writes them). */
const TAGS = ['home', 'work', 'errands', 'calls'];

/**
 * One item in five repeats (weekly, monthly, daily…), and so has a target date;
 * `BENCH_RECURRING=0` seeds none, for a comparison on the same machine.
 */
const RECURRING_EVERY = process.env.BENCH_RECURRING === '0' ? Number.POSITIVE_INFINITY : 5;
const RULES = ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYMONTHDAY=1', 'FREQ=DAILY', 'FREQ=WEEKLY;INTERVAL=2'];

/**
 * A user with 5,000 prioritised items (some pinned to Today, some dated over the next
 * month, a few overdue, most undated) and 5,000 unprioritised ones, in 50 boxes; 20 % of
 * them repeat (each with a target date, as a repeat needs one), and one in five carries a `#tag`.
 */
export async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, 'organizer-bench@example.test');
  const boxes: BenchItem[] = Array.from({ length: BOXES }, (_, b) => ({
    id: newId(),
    type: 'todoBox',
    title: `Project ${b + 1}`,
    parent_id: rootId,
    position: b + 1,
    created_at: now - b * 60_000,
  }));
  const texts: BenchItem[] = Array.from({ length: PRIORITISED + UNPRIORITISED }, (_, i) => ({
    id: newId(),
    type: 'todoText',
    title: `Task ${i + 1}: ${['call', 'write to', 'meet', 'review', 'plan'][i % 5]} ${['Ana', 'Ben', 'Chloé', 'Dev'][i % 4]}${i % 5 === 0 ? ` #${TAGS[(i / 5) % TAGS.length]}` : ''}`,
    parent_id: boxes[i % BOXES]?.id ?? rootId,
    position: Math.floor(i / BOXES) + 1,
    target_date:
      (i < PRIORITISED && i % 10 === 3) || i % RECURRING_EVERY === 3 ? now + ((i % 40) - 5) * DAY : null,
    recurrence_rule: i % RECURRING_EVERY === 3 ? (RULES[i % RULES.length] ?? null) : null,
    created_at: now - (BOXES + i) * 60_000,
  }));
  await insertBenchItems(db, userId, [...boxes, ...texts]);
  await insertPersonalStates(
    db,
    userId,
    texts.map((item, n) => ({
      item_id: item.id,
      priority: n < PRIORITISED ? (n + 1) * 16_384 : null,
      marked_for_today: n < PRIORITISED && n % 250 === 0 ? 1 : 0,
    })),
  );
  await gatherStatistics(database);
  return { userId };
}

/**
 * Runs in the page (a string, so that the bundler's helpers never leak into it): scrolls a
 * list by 800 px a frame to its end, noting the rows drawn and the long tasks seen.
 */
const SCROLL_END_TO_END = `async (name) => {
  const tasks = window.longTasks;
  tasks.length = 0;
  const scroller = document.querySelector('[aria-label="' + name + '"]');
  if (!scroller) throw new Error('no ' + name + ' list');
  const seen = new Set();
  const started = performance.now();
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
    scroller.scrollTop += 800;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    for (const row of scroller.querySelectorAll('[data-item-row]')) seen.add(row.getAttribute('data-item-row'));
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { rowsSeen: seen.size, longTasks: tasks.map((task) => task.duration), ms };
}`;

interface BrowserFigures {
  interactiveMs: number;
  completeMs: number;
  loadLongTasks: number[];
  scroll: { list: string; rowsSeen: number; longTasks: number[]; ms: number }[];
}

/** The Organizer page in Chromium: time to interactive, then each list scrolled end to end. */
async function measureBrowser(base: string, token: string): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // The measuring scripts are strings (no bundler helpers in them): the page's CSP would refuse them.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      bypassCSP: true,
    });
    await context.addInitScript({
      content: `localStorage.setItem('nestbox.token', ${JSON.stringify(token)});
        window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });`,
    });
    const page = await context.newPage();
    // Warm the HTTP cache and the JIT once, as a returning user's browser would be.
    await page.goto(`${base}/app/organiser`);
    await page.locator('[data-item-row]').first().waitFor({ timeout: 30_000 });
    await page.goto('about:blank');

    await page.goto(`${base}/app/organiser`);
    // Locator waits, not waitForFunction: the app's Content Security Policy forbids the eval it needs.
    await Promise.all(
      ['Prioritized', 'Unprioritized'].map((list) =>
        page.locator(`[aria-label="${list}"] [data-item-row]`).first().waitFor({ timeout: 30_000 }),
      ),
    );
    const shownAt = (await page.evaluate('performance.now()')) as number;
    // Interactive: the rows are drawn and the main thread is free (the end of the last long task).
    await page.waitForTimeout(500);
    const loading = (await page.evaluate('window.longTasks')) as { start: number; duration: number }[];
    const loadLongTasks = loading.map((task) => task.duration);
    const lastLongTaskEnd = Math.max(0, ...loading.map((task) => task.start + task.duration));
    const interactiveMs = Math.max(shownAt, lastLongTaskEnd);
    // Both lists whole: the later pages, loaded behind the first screen, have all arrived.
    await page
      .getByRole('status', { name: 'Loading the rest of your Organiser…' })
      .first()
      .waitFor({ state: 'detached' });
    const completeMs = (await page.evaluate('performance.now()')) as number;

    const scroll: BrowserFigures['scroll'] = [];
    for (const list of ['Prioritized', 'Unprioritized']) {
      const result = (await page.evaluate(`(${SCROLL_END_TO_END})(${JSON.stringify(list)})`)) as {
        rowsSeen: number;
        longTasks: number[];
        ms: number;
      };
      scroll.push({ list, ...result });
    }
    return { interactiveMs, completeMs, loadLongTasks, scroll };
  } finally {
    await browser.close();
  }
}

async function measureEngine(
  label: string,
  options: OpenDatabaseOptions,
  dataDir: string,
  durationSeconds: number,
  withBrowser: boolean,
) {
  const { app, token } = await startSeededApp(dataDir, options, seed, { withWebApp: withBrowser });
  try {
    const base = app.url;
    const calls = [
      // What the page asks first: the first screen of both lists.
      [
        `first page (${ORGANIZER_FIRST_PAGE} of each list)`,
        `limit=${ORGANIZER_FIRST_PAGE}`,
        2 * ORGANIZER_FIRST_PAGE,
      ],
      // What it asks next, in the background, until both lists are complete.
      [
        `next page (${ORGANIZER_NEXT_PAGE} of each list)`,
        `limit=${ORGANIZER_NEXT_PAGE}&prioritizedOffset=${ORGANIZER_FIRST_PAGE}&unprioritizedOffset=${ORGANIZER_FIRST_PAGE}`,
        2 * ORGANIZER_NEXT_PAGE,
      ],
      // Everything at once (no limit), as API.md's plain call.
      ['whole (10,000 items, no limit)', '', PRIORITISED + UNPRIORITISED],
      // Filtered by a tag (the API's `tags`): a first page of the 500 texts carrying it.
      [
        `first page filtered by one tag (${ORGANIZER_FIRST_PAGE} of each list)`,
        `limit=${ORGANIZER_FIRST_PAGE}&tags=${TAGS[0]}`,
        2 * ORGANIZER_FIRST_PAGE,
      ],
    ] as const;
    const rows: string[] = [];
    for (const [name, query, expected] of calls) {
      const url = `${base}/api/items/get-organizer?${query}`;
      const headers = { authorization: `Bearer ${token}` };
      // Checked once: the answer holds the items asked for. Timed: the server's answer, read
      // to its last byte but not parsed (the client's JSON parse is not the server's latency).
      const body = (await (await fetch(url, { headers })).json()) as { organizerItems: unknown[] };
      if (body.organizerItems.length !== expected)
        throw new Error(`${name}: ${body.organizerItems.length} items, not ${expected}`);
      const r = await measureCalls(() => fetch(url, { headers }), { warmUp: 50, durationSeconds });
      rows.push(callTableRow([label, `get-organizer, ${name}`], r));
    }
    return { rows, browser: withBrowser ? await measureBrowser(base, token) : undefined };
  } finally {
    await app.close();
  }
}

/** What the figures mean and where the time goes (a hand profile, kept with the figures). */
const ANALYSIS = `## Where the time goes (profiled by hand on 2026-11-22)

- **The page asks for a page, not for everything.** 10,000 full items are 5.6 MB of JSON and
  ~140 ms on the server however they are read (better-sqlite3 alone spends ~1 µs a row
  turning rows into objects, ~40 ms for 10,000 rows of 20 columns). So the page asks for the
  first ${ORGANIZER_FIRST_PAGE} of each list (one screenful) and then for pages of ${ORGANIZER_NEXT_PAGE} behind it, each list in
  its display order so that every page continues the one before.
- **A first page reads full rows for its 200 items only** (~1.3 ms). What orders the lists is
  read without them: the Undated group and the Unprioritized list by creation are sliced in
  SQL (\`limit\`/\`offset\`, ~0.8 and ~3 ms, each scanning the user's 5,000 candidates);
  Today and the dated days come from the keys of the marked or dated items only (~3 ms for the
  520 here), ordered by the shared grouping rule. Visibility is decided once per box, walking
  down from the user's links through sub-boxes (migration 0004's partial index), not once per
  item. In-process the first page costs ~10 ms, 80 % of it inside SQLite.
- **Noise**: on this 2-core VM the same first-page loop measured 13.5–21.6 ms p50 from one
  100-request round to the next with nothing else running; see the load average above.
- **The page**: both lists are virtualised (only the rows in view, plus 6, exist), rows are
  memoised so that scrolling only mounts the rows that scroll in, row handlers are stable,
  the cells are plain elements, and the date picker and its positioning exist only while
  open. The scroll here jumps 800 px (18 rows) every frame, far faster than a wheel or a
  flick; it starts once both lists are whole.`;

const ms = (values: number[]) => (values.length ? values.map((v) => v.toFixed(0)).join(', ') : 'none');

/**
 * The budget: GET get-organizer p50 under 20 ms on SQLite for 5,000 + 5,000 items;
 * the page interactive under 1 s in Chromium; both lists scrolled end to end with no long
 * task over 50 ms.
 */
const benchmark: Benchmark = {
  title: 'Organizer: 5,000 prioritised and 5,000 unprioritised items, 20 % repeating',
  async run({ durationSeconds }) {
    const loadBefore = loadavg()[0] ?? 0;
    const { results } = await onEachEngine(
      (label, options, dataDir) =>
        measureEngine(label, options, dataDir, durationSeconds, label === 'SQLite'),
      { pgDatabase: true },
    );
    const apiRows = results.flatMap((result) => result.rows);
    const browser = results[0]?.browser;
    const lines = [
      callTableHead('engine', 'call'),
      ...apiRows,
      '',
      `One request at a time over loopback HTTP to the server in a thread of its own, ${durationSeconds} s per call, after a warm-up. Budget: p50 under 20 ms on SQLite for what the page asks first.`,
    ];
    if (browser) {
      const worst = Math.max(0, ...browser.scroll.flatMap((s) => s.longTasks));
      lines.push(
        '',
        '## The page in Chromium (SQLite server, 1280 × 800)',
        '',
        '| measure | value | budget |',
        '|---|---:|---|',
        `| interactive (rows of both lists drawn, main thread free) | ${browser.interactiveMs.toFixed(0)} ms | under 1000 ms |`,
        `| long tasks while the first screen loads | ${ms(browser.loadLongTasks)} ms | |`,
        `| both lists whole (every page loaded) | ${browser.completeMs.toFixed(0)} ms | |`,
        ...browser.scroll.map(
          (s) =>
            `| ${s.list}: scrolled end to end (${s.rowsSeen} rows drawn on the way, ${s.ms.toFixed(0)} ms) — long tasks | ${ms(s.longTasks)} ms | none over ${LONG_TASK_MS} ms |`,
        ),
        '',
        `Worst long task while scrolling: ${worst.toFixed(0)} ms. The warm second load is measured (HTTP cache and JIT warm, as for a returning user).`,
      );
    }
    lines.push(
      '',
      `Machine load average (1 min) at the start and the end: ${loadBefore.toFixed(1)} and ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores; latencies and long tasks grow with it.`,
    );
    lines.push('', ANALYSIS);
    if (!(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)) {
      lines.push('', 'PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… to add it.');
    }
    return lines.join('\n');
  },
};

export default benchmark;
