import { createHash, randomBytes } from 'node:crypto';
import { type OpenDatabaseOptions, openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startAppInWorker } from './lib/app-in-worker.js';
import { type BenchItem, gatherStatistics, insertBenchItems, seedBenchUser } from './lib/bench-user.js';
import { type Benchmark, percentile } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';
import { seededRandom } from './lib/random.js';

const DATED_TEXTS = 5_000;
const UNDATED_TEXTS = 5_000;
const BOXES = 500;
const REMINDERS = 2_000;
const REQUESTS = 30;
const BUDGET_MS = 1_000;
const DAY = 86_400_000;

/**
 * A user with 500 boxes nested up to five deep, 5,000 dated texts (half all-day, half at a
 * time of day) and 5,000 undated ones among them, 2,000 reminders on the dated ones, and a
 * feed whose secret the bench knows.
 */
async function seed(options: OpenDatabaseOptions) {
  const database = openDatabase(options);
  const { db } = database;
  try {
    const { userId, rootId } = await seedBenchUser(db, 'calendar-bench@example.test');
    const next = seededRandom(5);
    const boxes: { id: string; depth: number }[] = [{ id: rootId, depth: 0 }];
    const rows: BenchItem[] = [];
    while (boxes.length <= BOXES) {
      const parent = boxes[Math.floor(next() * boxes.length)] ?? { id: rootId, depth: 0 };
      if (parent.depth >= 5) continue;
      const id = newId();
      rows.push({
        id,
        type: 'todoBox',
        title: `Box ${boxes.length}`,
        parent_id: parent.id,
        position: rows.length,
      });
      boxes.push({ id, depth: parent.depth + 1 });
    }
    const today = Date.UTC(2026, 10, 25);
    const dated: string[] = [];
    for (let i = 0; i < DATED_TEXTS + UNDATED_TEXTS; i++) {
      const parent = boxes[1 + Math.floor(next() * BOXES)] ?? { id: rootId };
      const id = newId();
      const isDated = i % 2 === 0;
      const day = today + Math.floor(next() * 365) * DAY;
      rows.push({
        id,
        type: 'todoText',
        title: `Call Anna about the kitchen, the garden; and the bikes ${i}`,
        parent_id: parent.id,
        position: rows.length,
        target_date: isDated ? (i % 4 === 0 ? day : day + 9.5 * 3_600_000) : null,
      });
      if (isDated) dated.push(id);
    }
    await insertBenchItems(db, userId, rows);
    const now = Date.now();
    await db
      .insertInto('reminders')
      .values(
        dated.slice(0, REMINDERS).map((itemId, i) => ({
          id: newId(),
          user_id: userId,
          item_id: itemId,
          number_of: 1 + (i % 3),
          unit: (['hours', 'days', 'weeks', 'years'] as const)[i % 4] ?? 'days',
          before_after_on: i % 5 === 0 ? 'on' : 'before',
          repeat: i % 10 === 0 ? 1 : 0,
          linked_directly_to_target_date: 0,
          next_fire_at: now + DAY,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const secret = randomBytes(32).toString('base64url');
    await db
      .insertInto('calendar_feeds')
      .values({
        user_id: userId,
        secret_hash: createHash('sha256').update(secret).digest('hex'),
        created_at: now,
      })
      .execute();
    await gatherStatistics(database);
    return secret;
  } finally {
    await database.close();
  }
}

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string) {
  const secret = await seed(options);
  // A limiter that never refuses: the bench reads one feed far more often than its limit.
  const app = await startAppInWorker(dataDir, options, { unlimited: true });
  try {
    const url = `${app.url}/calendar/${secret}.ics`;
    const read = async (encoding: string) => {
      const started = performance.now();
      const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`feed: ${res.status}`);
      return { ms: performance.now() - started, bytes: body.byteLength };
    };
    for (let i = 0; i < 3; i++) await read('identity'); // warm-up
    const times: number[] = [];
    let plain = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, bytes } = await read('identity');
      times.push(ms);
      plain = bytes;
    }
    // fetch() inflates what it reads: ask the size sent compressed with a raw request.
    const compressed = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
          });
          res.on('end', () => resolve(size));
        }).on('error', reject),
      );
    });
    const text = await (await fetch(url)).text();
    const events = text.split('BEGIN:VEVENT').length - 1;
    const alarms = text.split('BEGIN:VALARM').length - 1;
    times.sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times.at(-1) ?? 0];
    return {
      row: `| ${label} | ${events.toLocaleString('en-GB')} | ${alarms.toLocaleString('en-GB')} | ${p50.toFixed(0)} | ${p95.toFixed(0)} | ${max.toFixed(0)} | ${(plain / 1024).toFixed(0)} KB | ${(compressed / 1024).toFixed(0)} KB |`,
      within: p95 <= BUDGET_MS,
    };
  } finally {
    await app.close();
  }
}

/**
 * The budget: a feed of 5,000 dated items (with their paths and 2,000 alarms) answers well
 * under a second, on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 */
const benchmark: Benchmark = {
  title: 'Calendar feed: GET /calendar/<secret>.ics for a user with 5,000 dated items',
  async run() {
    const { results: measured, closing } = await onEachEngine(measureEngine);
    return [
      '| engine | events | alarms | p50 ms | p95 ms | max ms | size | brotli |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...measured.map((m) => m.row),
      '',
      `Budget: p95 under ${BUDGET_MS} ms: ${measured.every((m) => m.within) ? 'within' : 'OVER'}. ${REQUESTS} requests one at a time over loopback HTTP (uncompressed), the server in a thread of its own, after 3 to warm up. ${BOXES} boxes up to five deep, ${DATED_TEXTS.toLocaleString('en-GB')} dated texts (half all-day) and ${UNDATED_TEXTS.toLocaleString('en-GB')} undated ones, ${REMINDERS.toLocaleString('en-GB')} reminders on the dated ones.`,
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
