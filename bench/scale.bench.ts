/// <reference lib="dom" />
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ORGANIZER_FIRST_PAGE, PANE_FIRST_PAGE } from '@nestbox/shared/constants';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ITEMS } from '@nestbox/shared/data/import.schema';
import { sql } from 'kysely';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import {
  type DatabaseHandle,
  type OpenDatabaseOptions,
  openDatabase,
} from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import {
  type BenchItem,
  type BenchPersonalState,
  gatherStatistics,
  insertBenchItems,
  insertBenchUser,
  insertPersonalStates,
  seedBenchUser,
} from './lib/bench-user.js';
import { type Benchmark, measureCalls, percentile } from './lib/benchmark.js';
import { launchChromium, newSignedInPage } from './lib/browser.js';
import { type ChartPanel, logLogChart } from './lib/chart.js';
import { type EngineLabel, onEachEngine } from './lib/engines.js';
import { seededRandom } from './lib/random.js';
import {
  peakRssDuring,
  readExport,
  rssOf,
  serverDatabaseUrl,
  startRestingServer,
  startServer,
} from './lib/server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_INDEX = path.resolve(here, '../packages/web/dist/index.html');

/** Item counts measured (`SCALE_BENCH_SIZES=1000,10000` to choose), both accounts together. */
const SIZES = (process.env.SCALE_BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number);
const BUDGET_SIZE = 1_000_000;
/** The shape of the tree: a twentieth boxes, nested up to eight deep; a tenth another person's, shared. */
const BOX_SHARE = 0.05;
const SHARED_SHARE = 0.1;
const MAX_DEPTH = 8;
/** The other person's boxes linked to the measured one (the rest of theirs is reached below these). */
const SHARED_BOXES = 3;
/** The box read as a pane: as many texts at every size, a few boxes deep. */
const PANE_TEXTS = 50;
const PANE_DEPTH = 3;
/** Rows a seeding transaction writes. */
const SLICE = 50_000;
/** Chromium loads timed after the warm-up one, the median reported. */
const LOAD_RUNS = 3;

/** The searched words: one on five texts whatever the size, one on a tenth of the texts, a part of that one. */
const RARE = 'zephyrine';
const COMMON = 'report';
const TAGS = ['home', 'work', 'errands', 'calls', 'later'];

/** The words of the titles: two or three made-up syllables each, none holding the searched words or their parts. */
const ONSETS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 's', 't', 'v', 'w'];
const VOWELS = ['a', 'i', 'u', 'o', 'e'];
const syllable = (k: number) =>
  `${ONSETS[k % ONSETS.length]}${VOWELS[Math.floor(k / ONSETS.length) % VOWELS.length]}`;
const SYLLABLE_COUNT = ONSETS.length * VOWELS.length;
const VOCABULARY = Array.from({ length: SYLLABLE_COUNT ** 2 }, (_, k) =>
  [k % SYLLABLE_COUNT, Math.floor(k / SYLLABLE_COUNT), (k * 7) % SYLLABLE_COUNT]
    .slice(0, 2 + (k % 2))
    .map(syllable)
    .join(''),
).filter((w) => !w.includes('epor') && !w.includes('zeph'));

const progress = (message: string) => console.error(`[scale] ${message}`);

/** A box of the tree as it grows: where it is and how many children it has so far. */
interface GrowingBox {
  id: string;
  depth: number;
  children: number;
}

/**
 * `count` boxes below `tops`, each under a box drawn at random among those less than eight
 * deep (so older boxes hold more, as in a tree that grew), with their rows, parents first.
 */
function growBoxes(count: number, tops: GrowingBox[], next: () => number, label: string) {
  const open = [...tops];
  const boxes: GrowingBox[] = [];
  const rows: BenchItem[] = [];
  for (let b = 0; b < count; b++) {
    const parent = open[Math.floor(next() * open.length)] ?? (tops[0] as GrowingBox);
    const box = { id: newId(), depth: parent.depth + 1, children: 0 };
    rows.push({
      id: box.id,
      type: 'todoBox',
      title: `${label} ${VOCABULARY[b % VOCABULARY.length]} ${b + 1}`,
      parent_id: parent.id,
      position: ++parent.children,
    });
    boxes.push(box);
    if (box.depth < MAX_DEPTH) open.push(box);
  }
  return { boxes, rows };
}

/** What the texts are made of, counted across both accounts, so the words spread evenly. */
class TextMaker {
  private n = 0;
  private readonly next = seededRandom(77);
  readonly tally = { texts: 0, dated: 0, tagged: 0, rare: 0, common: 0 };
  constructor(
    private readonly rareEvery: number,
    private readonly now: number,
  ) {}

  /**
   * A text: three to five words (the often used ones more often), "report" in one in ten,
   * the rare word on five in all, a `#tag` on one in ten (`#home` on a fifth of those), a
   * target date on one in five, a note on one in twenty.
   */
  text(parent: GrowingBox): BenchItem {
    const n = this.n++;
    const words = Array.from(
      { length: 3 + (n % 3) },
      () => VOCABULARY[Math.floor(this.next() ** 2 * VOCABULARY.length)],
    );
    if (n % 10 === 4) words.splice(1, 0, COMMON);
    if (n % this.rareEvery === 17 && this.tally.rare < 5) {
      words.push(RARE);
      this.tally.rare++;
    }
    if (n % 10 === 7) words.push(`#${TAGS[Math.floor(n / 10) % TAGS.length]}`);
    const dated = n % 5 === 1;
    this.tally.texts++;
    if (dated) this.tally.dated++;
    if (n % 10 === 7) this.tally.tagged++;
    if (n % 10 === 4) this.tally.common++;
    return {
      id: newId(),
      type: 'todoText',
      title: words.join(' '),
      note: n % 20 === 9 ? `Notes on ${words[0]} and ${words[2]}` : null,
      parent_id: parent.id,
      position: ++parent.children,
      target_date: dated ? this.now + ((n % 120) - 30) * 86_400_000 : null,
      created_at: this.now - n * 1_000,
      updated_at: this.now - n * 1_000,
    };
  }
}

/** Writes the rows SLICE at a time (each slice one transaction), then opens `paneBoxes` in panes. */
async function writeInSlices(
  database: DatabaseHandle,
  userId: string,
  rows: Iterable<BenchItem>,
  paneBoxes: string[] = [],
) {
  let slice: BenchItem[] = [];
  for (const row of rows) {
    slice.push(row);
    if (slice.length < SLICE) continue;
    await insertBenchItems(database.db, userId, slice);
    slice = [];
  }
  await insertBenchItems(database.db, userId, slice, paneBoxes);
}

/** `count` texts, each in a box drawn at random among `boxes`. */
function* textsIn(boxes: GrowingBox[], count: number, maker: TextMaker, next: () => number) {
  for (let t = 0; t < count; t++) yield maker.text(boxes[Math.floor(next() * boxes.length)] as GrowingBox);
}

/**
 * One person with `size` items in all (a tenth of them another person's, shared with them):
 * a twentieth boxes nested up to eight deep under the Workspace, texts spread over them; a
 * box of 50 texts three deep, open in the first pane (the Workspace in the second); a tenth of
 * their own texts in the Organizer (half ranked). The other person's items sit below three
 * boxes linked to the measured person as editor. A third, empty account takes the import.
 */
async function seed(database: DatabaseHandle, size: number) {
  const started = performance.now();
  const { db } = database;
  const me = await seedBenchUser(db, 'scale-bench@example.test');
  const other = await insertBenchUser(db, 'scale-bench-other@example.test', 'Other');
  const importer = await insertBenchUser(db, 'scale-bench-import@example.test', 'Importer');
  const next = seededRandom(2024);
  const sharedCount = Math.round(size * SHARED_SHARE);
  const ownCount = size - sharedCount;
  const ownBoxCount = Math.max(2, Math.round(ownCount * BOX_SHARE));
  const texts = size - ownBoxCount - Math.max(SHARED_BOXES, Math.round(sharedCount * BOX_SHARE));
  const maker = new TextMaker(Math.max(18, Math.floor(texts / 5)), me.now);

  // The measured person's tree, and the pane's box placed PANE_DEPTH deep (or as deep as the tree goes).
  const root = { id: me.rootId, depth: 0, children: 0 };
  const own = growBoxes(ownBoxCount - 1, [root], next, 'Project');
  const holder =
    own.boxes.find((box) => box.depth === PANE_DEPTH - 1) ??
    own.boxes.reduce((deepest, box) => (box.depth > deepest.depth ? box : deepest), root);
  const paneBox = { id: newId(), depth: holder.depth + 1, children: 0 };
  own.rows.push({
    id: paneBox.id,
    type: 'todoBox',
    title: 'Pane of fifty',
    parent_id: holder.id,
    position: ++holder.children,
  });
  const ownTexts = ownCount - ownBoxCount - PANE_TEXTS;
  const organizer: BenchPersonalState[] = [];
  function* ownRows() {
    yield* own.rows;
    for (let t = 0; t < PANE_TEXTS; t++) yield maker.text(paneBox);
    let t = 0;
    for (const row of textsIn(own.boxes, ownTexts, maker, next)) {
      // One in ten in the Organizer, half of those ranked, one ranked in fifty marked for Today.
      if (t++ % 10 === 3) {
        const ranked = organizer.length % 2 === 0;
        organizer.push({
          item_id: row.id,
          priority: ranked ? (organizer.length + 1) * 16_384 : null,
          marked_for_today: ranked && organizer.length % 100 === 0 ? 1 : 0,
        });
      }
      yield row;
    }
  }
  progress(`seeding ${size.toLocaleString('en-GB')} items: the measured person's…`);
  await writeInSlices(database, me.userId, ownRows(), [paneBox.id, me.rootId]);
  await insertPersonalStates(db, me.userId, organizer);

  // The other person's tree, below the boxes shared with the measured one.
  progress('… the shared ones…');
  const otherRoot = { id: other.rootId, depth: 0, children: 0 };
  const sharedTops = growBoxes(SHARED_BOXES, [otherRoot], () => 0, 'Shared');
  const theirs = growBoxes(
    Math.max(0, Math.round(sharedCount * BOX_SHARE) - SHARED_BOXES),
    sharedTops.boxes,
    next,
    'Their',
  );
  const theirBoxes = [...sharedTops.boxes, ...theirs.boxes];
  const theirTexts = sharedCount - theirBoxes.length;
  await writeInSlices(database, other.userId, [
    ...sharedTops.rows,
    ...theirs.rows,
    ...textsIn(theirBoxes, theirTexts, maker, next),
  ]);
  await db
    .insertInto('item_users')
    .values(
      sharedTops.boxes.flatMap((box) => [
        { item_id: box.id, user_id: other.userId, level: 'owner' as const, created_at: me.now },
        { item_id: box.id, user_id: me.userId, level: 'editor' as const, created_at: me.now },
      ]),
    )
    .execute();
  progress('… statistics…');
  await gatherStatistics(database);
  return {
    userId: me.userId,
    importerId: importer.userId,
    paneBoxId: paneBox.id,
    seconds: (performance.now() - started) / 1000,
    shape: {
      boxes: ownBoxCount + theirBoxes.length,
      depth: [...own.boxes, ...theirBoxes].reduce((deepest, box) => Math.max(deepest, box.depth), 0),
      ...maker.tally,
      organizer: organizer.length,
      shared: sharedCount,
    },
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Bytes the database takes: the SQLite file and its write-ahead log, or PostgreSQL's tables with their indexes and TOAST. */
async function databaseBytes(options: OpenDatabaseOptions, database: DatabaseHandle): Promise<number> {
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`
      select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${options.pgSchema ?? 'public'} and c.relkind = 'r'`.execute(database.db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const file = options.sqliteFile ?? '';
  return [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
}

const MB = 2 ** 20;

/** The metrics of the curve: what each is, its unit, whether the chart draws it. */
const METRICS = {
  paneP50: { label: `pane read p50 (get-items-for-pane, ${PANE_TEXTS} texts)`, unit: 'ms', chart: false },
  paneP95: { label: `pane read p95 (get-items-for-pane, ${PANE_TEXTS} texts)`, unit: 'ms', chart: true },
  organizerP50: {
    label: `Organizer first page p50 (${ORGANIZER_FIRST_PAGE} of each list)`,
    unit: 'ms',
    chart: false,
  },
  organizerP95: {
    label: `Organizer first page p95 (${ORGANIZER_FIRST_PAGE} of each list)`,
    unit: 'ms',
    chart: true,
  },
  searchRare: { label: `search p95: rare word \`${RARE}\``, unit: 'ms', chart: true },
  searchCommon: { label: `search p95: common word \`${COMMON}\``, unit: 'ms', chart: true },
  searchPart: { label: 'search p95: part of a word `epor`', unit: 'ms', chart: true },
  searchTag: { label: 'search p95: tag `#home`', unit: 'ms', chart: true },
  exportMs: { label: 'export (JSON) to the last byte', unit: 'ms', chart: true },
  exportMb: { label: 'export: server RSS above idle at peak', unit: 'MB', chart: true },
  importMs: { label: 'import of that export into a fresh account', unit: 'ms', chart: true },
  importMb: { label: 'import: server RSS above idle at peak', unit: 'MB', chart: true },
  dbMb: { label: 'database size', unit: 'MB', chart: true },
  idleMb: { label: 'server idle RSS after a warm-up', unit: 'MB', chart: true },
  freshMb: { label: 'server RSS at rest, fresh (after one small call)', unit: 'MB', chart: false },
  firstLoadMs: { label: 'Chromium: first load to a usable workspace', unit: 'ms', chart: true },
} as const;
type MetricKey = keyof typeof METRICS;

const SEARCHES: [MetricKey, string][] = [
  ['searchRare', RARE],
  ['searchCommon', COMMON],
  ['searchPart', 'epor'],
  ['searchTag', '#home'],
];

/** What one engine measured at one size. */
interface Point {
  engine: EngineLabel;
  size: number;
  seeded: Seeded;
  values: Partial<Record<MetricKey, number>>;
  /** Why a figure is missing, or what it stands for, by metric. */
  remarks: Partial<Record<MetricKey, string>>;
  found: Record<string, number>;
  exportMbSent: number;
  exportItems: number;
}

/** The reads, timed one at a time for `seconds` each after a warm-up, on a server that then idles. */
async function measureReads(point: Point, url: string, token: string, seconds: number) {
  const headers = { authorization: `Bearer ${token}` };
  const timed = async (key: MetricKey, call: () => Promise<Response>, count: (body: unknown) => number) => {
    const first = await call();
    if (first.status !== 200) throw new Error(`${key}: ${first.status} ${await first.text()}`);
    point.found[key] = count(await first.json());
    progress(`${point.engine} ${point.size.toLocaleString('en-GB')}: ${key} (${point.found[key]} found)`);
    return measureCalls(call, { warmUp: 5, durationSeconds: seconds });
  };
  const pane = await timed(
    'paneP95',
    () =>
      fetch(`${url}/api/items/get-items-for-pane?itemId=${point.seeded.paneBoxId}&limit=${PANE_FIRST_PAGE}`, {
        headers,
      }),
    (body) => (body as { items: unknown[] }).items.length,
  );
  point.values.paneP50 = pane.p50;
  point.values.paneP95 = pane.p95;
  const organizer = await timed(
    'organizerP95',
    () => fetch(`${url}/api/items/get-organizer?limit=${ORGANIZER_FIRST_PAGE}`, { headers }),
    (body) => (body as { organizerItems: unknown[] }).organizerItems.length,
  );
  point.values.organizerP50 = organizer.p50;
  point.values.organizerP95 = organizer.p95;
  for (const [key, term] of SEARCHES) {
    const search = await timed(
      key,
      () =>
        fetch(`${url}/api/items/search-items`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ searchTerm: term }),
        }),
      (body) => (body as unknown[]).length,
    );
    point.values[key] = search.p95;
  }
}

/**
 * In the page (so self-contained, no inner functions): the time since navigation start once
 * every open pane shows a row.
 */
function panesShowRows(panes: number): number | false {
  const sections = document.querySelectorAll('section[data-pane-id]');
  if (sections.length < panes) return false;
  for (let i = 0; i < sections.length; i++) if (!sections[i]?.querySelector('[data-item-id]')) return false;
  return performance.now();
}

/** Chromium, a fresh context each time (empty cache): navigation to /app/boxes → both panes' rows drawn, median of LOAD_RUNS after a warm-up. */
async function firstLoadMs(url: string, token: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let run = 0; run <= LOAD_RUNS; run++) {
      const { context, page } = await newSignedInPage(browser, token);
      await page.goto(`${url}/app/boxes`, { waitUntil: 'commit' });
      const shown = await page.waitForFunction(panesShowRows, 2, { polling: 'raf', timeout: 120_000 });
      if (run > 0) times.push(Number(await shown.jsonValue()));
      await context.close();
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  } finally {
    await browser.close();
  }
}

const EXPORT_ITEM = Buffer.from('"createdAt":');

/** The JSON export streamed to `file` on a fresh server: time to the last byte, memory above rest, items counted on the way. */
async function measureExport(
  point: Point,
  dataDir: string,
  databaseUrl: string | undefined,
  token: string,
  file: string,
) {
  const server = await startRestingServer(dataDir, databaseUrl, token);
  try {
    const out = createWriteStream(file);
    let bytes = 0;
    let items = 0;
    let carry = Buffer.alloc(0);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    const { status, ms, baseline, peak } = await readExport(server, 'json', headers, async (piece) => {
      const seen = Buffer.concat([carry, piece]);
      for (let at = seen.indexOf(EXPORT_ITEM); at !== -1; at = seen.indexOf(EXPORT_ITEM, at + 1)) items++;
      carry = seen.subarray(Math.max(0, seen.length - EXPORT_ITEM.length + 1));
      bytes += piece.byteLength;
      if (!out.write(piece)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    if (status !== 200) throw new Error(`export: HTTP ${status}`);
    point.values.exportMs = ms;
    point.values.exportMb = (peak - baseline) / MB;
    point.values.freshMb = baseline / MB;
    point.exportMbSent = bytes / MB;
    point.exportItems = items;
  } finally {
    await server.stop();
  }
}

/** The exported file imported for real into the empty account, on a fresh server; or why not. */
async function measureImport(
  point: Point,
  dataDir: string,
  databaseUrl: string | undefined,
  token: string,
  file: string,
) {
  const bytes = statSync(file).size;
  if (bytes > IMPORT_MAX_BYTES || point.exportItems > IMPORT_MAX_ITEMS) {
    const why = `capped: the file holds ${point.exportItems.toLocaleString('en-GB')} items in ${(bytes / MB).toFixed(0)} MB; an import takes at most ${IMPORT_MAX_ITEMS.toLocaleString('en-GB')} items and ${IMPORT_MAX_BYTES / MB} MB`;
    point.remarks.importMs = why;
    point.remarks.importMb = 'capped';
    return;
  }
  const body = readFileSync(file);
  const server = await startRestingServer(dataDir, databaseUrl, token);
  try {
    const started = performance.now();
    const { result, baseline, peak } = await peakRssDuring(server.child, async () => {
      const res = await fetch(`${server.url}/api/import?format=json&dryRun=0&settings=0`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body,
      });
      return {
        status: res.status,
        answer: (await res.json()) as { counts?: { boxes: number; texts: number } },
      };
    });
    const elapsed = performance.now() - started;
    if (result.status !== 200) {
      point.remarks.importMs = `refused: HTTP ${result.status} ${JSON.stringify(result.answer).slice(0, 200)}`;
      return;
    }
    point.values.importMs = elapsed;
    point.values.importMb = (peak - baseline) / MB;
    const made = (result.answer.counts?.boxes ?? 0) + (result.answer.counts?.texts ?? 0);
    if (made !== point.exportItems)
      point.remarks.importMs = `${made.toLocaleString('en-GB')} items made of ${point.exportItems.toLocaleString('en-GB')}`;
  } finally {
    await server.stop();
  }
}

/**
 * Runs one step of a measurement; should it fail (a server that does not start, say), the
 * figures it owed say why, and the run goes on: a long curve is not lost to one step.
 */
async function attempt(point: Point, keys: MetricKey[], step: () => Promise<unknown>) {
  try {
    await step();
  } catch (error) {
    const why = `failed: ${error instanceof Error ? error.message : String(error)}`
      .replace(/[|\n]/g, ' ')
      .slice(0, 160);
    progress(`${point.engine} ${sizeLabel(point.size)}: ${why}`);
    for (const key of keys) if (point.values[key] === undefined) point.remarks[key] ??= why;
  }
}

/** Everything at one size on one engine: seed, size, reads and idle memory, first load, export, import. */
async function measureAt(
  engine: EngineLabel,
  options: OpenDatabaseOptions,
  dataDir: string,
  size: number,
  seconds: number,
): Promise<Point> {
  const database = openDatabase(options);
  const seeded = await seed(database, size);
  const point: Point = {
    engine,
    size,
    seeded,
    values: {},
    remarks: {},
    found: {},
    exportMbSent: 0,
    exportItems: 0,
  };
  if (database.engine === 'postgres') point.values.dbMb = (await databaseBytes(options, database)) / MB;
  await database.close();
  if (database.engine === 'sqlite') point.values.dbMb = (await databaseBytes(options, database)) / MB;
  progress(
    `${engine} ${sizeLabel(size)}: seeded in ${seeded.seconds.toFixed(0)} s, ${point.values.dbMb?.toFixed(0)} MB`,
  );

  const secrets = loadSecrets(dataDir);
  const sign = (userId: string) =>
    signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });
  const token = await sign(seeded.userId);
  const databaseUrl = serverDatabaseUrl(options);
  const at = `${engine} ${sizeLabel(size)}`;
  await attempt(
    point,
    ['paneP95', 'organizerP95', ...SEARCHES.map(([key]) => key), 'idleMb', 'firstLoadMs'],
    async () => {
      const server = await startServer(dataDir, databaseUrl);
      try {
        await measureReads(point, server.url, token, seconds);
        await sleep(2_000);
        point.values.idleMb = rssOf(server.child) / MB;
        if (existsSync(WEB_INDEX)) {
          progress(`${at}: first load in Chromium`);
          point.values.firstLoadMs = await firstLoadMs(server.url, token);
        } else point.remarks.firstLoadMs = 'web app not built (npm run build)';
      } finally {
        await server.stop();
      }
    },
  );
  const file = path.join(dataDir, `export-${engine}-${size}.json`);
  try {
    progress(`${at}: export`);
    await attempt(point, ['exportMs', 'exportMb', 'freshMb', 'importMs', 'importMb'], () =>
      measureExport(point, dataDir, databaseUrl, token, file),
    );
    if (point.values.exportMs !== undefined) {
      progress(`${at}: import (${sizeLabel(point.exportItems)} items)`);
      await attempt(point, ['importMs', 'importMb'], async () =>
        measureImport(point, dataDir, databaseUrl, await sign(seeded.importerId), file),
      );
    }
  } finally {
    rmSync(file, { force: true });
  }
  return point;
}

// The report: tables, budgets, where the curves bend, and the chart.

const sizeLabel = (size: number) => size.toLocaleString('en-GB');
const figure = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? '–'
    : value < 10
      ? value.toFixed(1)
      : Math.round(value).toLocaleString('en-GB');

/** The growth exponent between two sizes: 1 is linear, 0 flat, 2 quadratic. */
const exponent = (a: Point, b: Point, key: MetricKey) => {
  const from = a.values[key];
  const to = b.values[key];
  if (from === undefined || to === undefined || from <= 0 || to <= 0) return Number.NaN;
  return Math.log(to / from) / Math.log(b.size / a.size);
};
const FASTER_THAN_LINEAR = 1.1;

const growthOf = (e: number) =>
  e > FASTER_THAN_LINEAR ? 'faster than linear' : e >= 0.8 ? 'linear' : e >= 0.2 ? 'sublinear' : 'flat';

/** Where a curve bends: the step at which its exponent rises most, or its one kind of growth. */
function bendOf(points: Point[], exponents: number[]): string {
  const known = exponents.map((e, i) => ({ e, i })).filter(({ e }) => Number.isFinite(e));
  if (known.length === 0) return 'not enough figures';
  const kinds = [...new Set(known.map(({ e }) => growthOf(e)))];
  let bend = '';
  let rise = 0.3;
  for (let k = 1; k < known.length; k++) {
    const before = known[k - 1] as { e: number; i: number };
    const after = known[k] as { e: number; i: number };
    if (after.e - before.e > rise) {
      rise = after.e - before.e;
      bend = `bends up at ${sizeLabel(points[after.i]?.size ?? 0)} (${growthOf(before.e)} → ${growthOf(after.e)})`;
    }
  }
  return bend || (kinds.length === 1 ? `${kinds[0]} throughout` : kinds.join(', then '));
}

function engineTable(points: Point[]): string[] {
  const head = `| metric | ${points.map((p) => sizeLabel(p.size)).join(' | ')} |`;
  const rule = `|---|${points.map(() => '---:|').join('')}`;
  const rows = (Object.keys(METRICS) as MetricKey[]).map((key) => {
    const cells = points.map((p) =>
      p.values[key] === undefined && p.remarks[key] ? (p.remarks[key] ?? '') : figure(p.values[key]),
    );
    return `| ${METRICS[key].label}, ${METRICS[key].unit} | ${cells.join(' | ')} |`;
  });
  const found = (
    [
      ['paneP95', 'the pane'],
      ['organizerP95', 'the Organizer'],
      ...SEARCHES.map(([key, term]) => [key, `\`${term}\``]),
    ] as [MetricKey, string][]
  ).map(
    ([key, what]) => `| items answered for ${what} | ${points.map((p) => p.found[key] ?? '–').join(' | ')} |`,
  );
  return [
    head,
    rule,
    ...rows,
    `| export file, MB (items in it) | ${points.map((p) => `${figure(p.exportMbSent)} (${sizeLabel(p.exportItems)})`).join(' | ')} |`,
    ...found,
    `| seeding, s | ${points.map((p) => figure(p.seeded.seconds)).join(' | ')} |`,
  ];
}

/** The budgets at 1,000,000 items: each figure, its limit and whether it holds. */
function budgetRows(byEngine: Map<EngineLabel, Point[]>): string[] {
  const rows: string[] = [];
  for (const [engine, points] of byEngine) {
    const at = points.find((p) => p.size === BUDGET_SIZE);
    const largest = points.at(-1);
    const budgets: [MetricKey, number][] = [
      ...SEARCHES.map(([key]) => [key, engine === 'SQLite' ? 50 : 80] as [MetricKey, number]),
      ['paneP95', 30],
      ['organizerP95', 30],
      ['idleMb', 200],
      ['exportMb', 150],
    ];
    for (const [key, limit] of budgets) {
      const value = at?.values[key];
      const verdict = value === undefined ? 'not measured' : value < limit ? 'PASS' : '**MISS**';
      rows.push(
        `| ${engine} | ${METRICS[key].label} | < ${limit} ${METRICS[key].unit} | ${figure(value)} | ${verdict} | ${largest ? `${figure(largest.values[key])} at ${sizeLabel(largest.size)}` : '–'} |`,
      );
    }
    const flagged = (Object.keys(METRICS) as MetricKey[]).filter((key) =>
      points.slice(1).some((p, i) => exponent(points[i] as Point, p, key) > FASTER_THAN_LINEAR),
    );
    rows.push(
      `| ${engine} | nothing grows faster than linearly (exponent ≤ ${FASTER_THAN_LINEAR}) | none flagged | ${flagged.length === 0 ? 'none' : flagged.map((key) => METRICS[key].label).join('; ')} | ${flagged.length === 0 ? (at ? 'PASS' : 'not measured') : '**MISS** (see below)'} | |`,
    );
  }
  return rows;
}

function bendRows(byEngine: Map<EngineLabel, Point[]>): string[] {
  const first = [...byEngine.values()][0] ?? [];
  const steps = first.slice(1);
  const head = `| engine | metric | ${steps.map((p, i) => `${sizeLabel(first[i]?.size ?? 0)} → ${sizeLabel(p.size)}`).join(' | ')} | where it bends |`;
  const rows = [head, `|---|---|${steps.map(() => '---:|').join('')}---|`];
  for (const [engine, points] of byEngine)
    for (const key of Object.keys(METRICS) as MetricKey[]) {
      const exponents = points.slice(1).map((p, i) => exponent(points[i] as Point, p, key));
      const cells = exponents.map((e) =>
        Number.isFinite(e) ? (e > FASTER_THAN_LINEAR ? `**${e.toFixed(2)}** ⚠` : e.toFixed(2)) : '–',
      );
      rows.push(
        `| ${engine} | ${METRICS[key].label} | ${cells.join(' | ')} | ${bendOf(points, exponents)} |`,
      );
    }
  return rows;
}

function chart(byEngine: Map<EngineLabel, Point[]>): string {
  const panel = (title: string, unit: string): ChartPanel => ({
    title,
    unit,
    series: [...byEngine].flatMap(([engine, points]) =>
      (Object.keys(METRICS) as MetricKey[])
        .filter((key) => METRICS[key].chart && METRICS[key].unit === unit)
        .map((key) => ({
          metric: METRICS[key].label.replaceAll('`', ''),
          group: engine,
          points: points.map((p) => ({ x: p.size, y: p.values[key] ?? Number.NaN })),
        })),
    ),
  });
  return logLogChart('Nestbox at scale: one account, 1,000 to 1,000,000 items', [
    panel('Time', 'ms'),
    panel('Memory and size', 'MB'),
  ]);
}

/**
 * The scale curve: budgets at 1,000,000 items are search p95 under 50 ms on SQLite and 80 ms
 * on PostgreSQL, pane read and Organizer first page p95 under 30 ms, idle RSS under 200 MB,
 * the export streaming (under 150 MB above idle), and nothing growing faster than linearly.
 */
const benchmark: Benchmark = {
  title: 'Scale: one account from 1,000 to 1,000,000 items, SQLite and PostgreSQL',
  async run({ durationSeconds }) {
    const seconds = Number(process.env.SCALE_BENCH_SECONDS ?? Math.min(3, durationSeconds));
    const byEngine = new Map<EngineLabel, Point[]>();
    const closing: string[] = [];
    for (const size of SIZES) {
      const measured = await onEachEngine((engine, options, dataDir) =>
        measureAt(engine, options, dataDir, size, seconds),
      );
      for (const point of measured.results)
        byEngine.set(point.engine, [...(byEngine.get(point.engine) ?? []), point]);
      for (const line of measured.closing.filter(Boolean))
        closing.push(line.startsWith('Machine') ? `${sizeLabel(size)} items: ${line}` : line);
    }
    writeFileSync(path.join(here, 'reports', 'scale.svg'), chart(byEngine));
    const shapes = [...byEngine.values()][0] ?? [];
    return [
      ...[...byEngine].flatMap(([engine, points]) => [`## ${engine}`, '', ...engineTable(points), '']),
      '![The scale curve, log-log: time on the left, memory and size on the right; solid lines SQLite, dashed PostgreSQL](scale.svg)',
      '',
      `## Budgets at ${sizeLabel(BUDGET_SIZE)} items`,
      '',
      `| engine | measure | budget | at ${sizeLabel(BUDGET_SIZE)} | verdict | at the largest size measured |`,
      '|---|---|---|---:|---|---:|',
      ...budgetRows(byEngine),
      '',
      '## Where the curves bend',
      '',
      `The growth exponent between two sizes is log(ratio of the figures) / log(ratio of the sizes): 0 is flat, 1 linear, 2 quadratic; one over ${FASTER_THAN_LINEAR} is flagged ⚠ as faster than linear and wants a reason. A curve "bends up" where its exponent rises by more than 0.3 from one step to the next. Figures of a few milliseconds move by a millisecond or two with the machine's load, so an exponent between two such figures says little.`,
      '',
      ...bendRows(byEngine),
      '',
      '## How it was measured',
      '',
      '| items | boxes (deepest) | texts: dated, tagged, with "report", with the rare word | Organizer entries | shared by the other person |',
      '|---:|---|---|---:|---:|',
      ...shapes.map(
        ({ size, seeded: { shape } }) =>
          `| ${sizeLabel(size)} | ${sizeLabel(shape.boxes)} (${shape.depth} deep) | ${sizeLabel(shape.texts)}: ${sizeLabel(shape.dated)}, ${sizeLabel(shape.tagged)}, ${sizeLabel(shape.common)}, ${shape.rare} | ${sizeLabel(shape.organizer)} | ${sizeLabel(shape.shared)} |`,
      ),
      '',
      `The measured person has nine tenths of the items: boxes (a twentieth of the items) nested up to ${MAX_DEPTH} deep under the Workspace, each under a box drawn at random among those not yet ${MAX_DEPTH} deep, texts spread over them at random; a box of ${PANE_TEXTS} texts ${PANE_DEPTH} deep open in the first pane and the Workspace in the second; a tenth of their texts in the Organizer, half of those ranked. A tenth of the items belong to another person, below ${SHARED_BOXES} boxes shared with the measured person as editor (seen through the link on the box above them). Titles are three to five made-up words, "${COMMON}" in a tenth of them, \`${RARE}\` in five, a \`#tag\` in a tenth (\`#home\` in a fiftieth), a target date on a fifth, a note on a twentieth.`,
      '',
      `Each engine and size: the database seeded (bulk inserts, ${SLICE.toLocaleString('en-GB')} rows a transaction, through the app's own triggers; PostgreSQL then analysed) and its size taken (SQLite: the file and its write-ahead log once closed; PostgreSQL: \`pg_total_relation_size\` of the schema's tables, indexes and TOAST included). Then the built server in a process of its own (\`NODE_ENV=production\`): each read one request at a time over loopback HTTP, ${seconds} s each after 5 warm-up calls (\`SCALE_BENCH_SECONDS\` to change): get-items-for-pane of the pane's box (limit ${PANE_FIRST_PAGE}, as the web app asks), get-organizer (limit ${ORGANIZER_FIRST_PAGE}, the page's first call), search-items for each term; then 2 s at rest and its resident memory (VmRSS from \`/proc/<pid>/status\`; it keeps whatever heap the warm-up grew until V8 gives it back, which a quiet server does not do within 30 s); then Chromium (a fresh context each time, 1440 × 900) navigating to /app/boxes until both panes show a row, the median of ${LOAD_RUNS} after a warm-up. The export (\`GET /api/export?format=json\`, uncompressed) and the import (\`POST /api/import?format=json&settings=0\` of that very file into an empty account, a real import) each on a fresh server process at rest after one small call, its memory sampled every 10 ms; "above idle" is the peak minus that rest, and "RSS at rest, fresh" is the export's server at that rest, before any warm-up. An import is capped at ${IMPORT_MAX_ITEMS.toLocaleString('en-GB')} items and ${IMPORT_MAX_BYTES / MB} MB a file: a larger export is not posted, and the table says so.`,
      '',
      ...new Set(closing),
    ].join('\n');
  },
};

export default benchmark;
