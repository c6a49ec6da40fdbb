import type { DatabaseHandle, OpenDatabaseOptions } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startSeededApp } from './lib/app-in-worker.js';
import { type BenchItem, gatherStatistics, insertBenchItems, seedBenchUser } from './lib/bench-user.js';
import { type Benchmark, measureCalls } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';
import { seededRandom } from './lib/random.js';

const TOTAL_ITEMS = 10_000;
const PANES = 3;
const ITEMS_PER_PANE = 500;
const MAX_DEPTH = 5;

/** A user with 10,000 items (boxes up to 5 deep), three boxes of 500 items open in panes. */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId } = await seedBenchUser(db, 'bench@example.test');
  const next = seededRandom(42);
  const rows: BenchItem[] = [];
  const boxes: { id: string; depth: number }[] = [{ id: rootId, depth: 0 }];
  const paneBoxes: string[] = [];
  for (let p = 0; p < PANES; p++) {
    const id = newId();
    paneBoxes.push(id);
    rows.push({ id, type: 'todoBox', title: `Pane box ${p}`, parent_id: rootId, position: p + 1 });
    for (let i = 0; i < ITEMS_PER_PANE - 1; i++) {
      rows.push({
        id: newId(),
        type: i % 10 === 0 ? 'todoBox' : 'todoText',
        title: `Item ${p}.${i}`,
        parent_id: id,
        position: i + 1,
      });
    }
  }
  while (rows.length < TOTAL_ITEMS - 1) {
    const parent = boxes[Math.floor(next() * boxes.length)] ?? { id: rootId, depth: 0 };
    const isBox = parent.depth < MAX_DEPTH - 1 && next() < 0.2;
    const id = newId();
    rows.push({
      id,
      type: isBox ? 'todoBox' : 'todoText',
      title: `Thing ${rows.length}`,
      parent_id: parent.id,
      position: rows.length,
    });
    if (isBox) boxes.push({ id, depth: parent.depth + 1 });
  }
  await insertBenchItems(db, userId, rows, paneBoxes);
  await gatherStatistics(database);
  return { userId, paneBoxes };
}

async function measureEngine(
  label: string,
  options: OpenDatabaseOptions,
  dataDir: string,
  durationSeconds: number,
) {
  const { app, token, seeded } = await startSeededApp(dataDir, options, seed);
  try {
    const headers = { authorization: `Bearer ${token}` };
    const rows: string[] = [];
    for (const [name, url] of [
      ['get-workspace-items', '/api/items/get-workspace-items'],
      [
        `get-items-for-pane (${ITEMS_PER_PANE} items)`,
        `/api/items/get-items-for-pane?itemId=${seeded.paneBoxes[0]}`,
      ],
    ] as const) {
      const r = await measureCalls(() => fetch(`${app.url}${url}`, { headers }), {
        warmUp: 20,
        durationSeconds,
      });
      rows.push(
        `| ${label} | ${name} | ${r.count} | ${r.failures} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} |`,
      );
    }
    return rows;
  } finally {
    await app.close();
  }
}

/**
 * The budget: a user with 10,000 items (boxes 5 deep) and three open panes of 500
 * items; get-workspace-items and get-items-for-pane p50 < 5 ms and p99 < 20 ms on SQLite.
 * PostgreSQL is measured too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
const benchmark: Benchmark = {
  title: 'Workspace and pane loading for a user with 10,000 items',
  async run({ durationSeconds }) {
    const { results, closing } = await onEachEngine((label, options, dataDir) =>
      measureEngine(label, options, dataDir, durationSeconds),
    );
    return [
      '| engine | call | requests | failures | p50 ms | p95 ms | p99 ms |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...results.flat(),
      '',
      `Budget: p50 under 5 ms and p99 under 20 ms on SQLite. One request at a time over loopback HTTP, the server in a thread of its own, ${durationSeconds} s per call, after a warm-up.`,
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
