import type { DatabaseHandle, OpenDatabaseOptions } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startSeededApp } from './lib/app-in-worker.js';
import {
  type BenchItem,
  gatherStatistics,
  insertBenchItems,
  insertBenchUser,
  seedBenchUser,
} from './lib/bench-user.js';
import { type Benchmark, callTableHead, callTableRow, measureCalls } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';

const TEXTS = 10_000;
const BOXES = 100;
/** Five tags on 2,000 texts each, and a hundred on 100 each: every text carries two. */
const BIG_TAGS = ['home', 'work', 'errands', 'calls', 'reading'];
const SMALL_TAGS = Array.from({ length: 100 }, (_, i) => `topic${i}`);

/**
 * A user with 10,000 tagged texts in 100 boxes (their tag rows written as the app writes
 * them), and someone else with 2,000 private texts carrying the same tags, which the user's
 * queries must pass over.
 */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, 'tags-bench@example.test');
  const boxes: BenchItem[] = Array.from({ length: BOXES }, (_, b) => ({
    id: newId(),
    type: 'todoBox',
    title: `Box ${b + 1}`,
    parent_id: rootId,
    position: b + 1,
  }));
  const texts: BenchItem[] = Array.from({ length: TEXTS }, (_, i) => ({
    id: newId(),
    type: 'todoText',
    title: `Task ${i + 1} #${BIG_TAGS[i % BIG_TAGS.length]} about #${SMALL_TAGS[Math.floor(i / BIG_TAGS.length) % SMALL_TAGS.length]}`,
    parent_id: boxes[i % BOXES]?.id ?? rootId,
    position: Math.floor(i / BOXES) + 1,
    created_at: now - i * 1_000,
  }));
  await insertBenchItems(db, userId, [...boxes, ...texts]);
  const other = await insertBenchUser(db, 'tags-bench-other@example.test', 'Other');
  await insertBenchItems(
    db,
    other.userId,
    Array.from({ length: 2_000 }, (_, i) => ({
      id: newId(),
      type: 'todoText' as const,
      title: `Private ${i} #${BIG_TAGS[i % BIG_TAGS.length]} #secret${i % 10}`,
      parent_id: other.rootId,
      position: i + 1,
    })),
  );
  await gatherStatistics(database);
  return { userId };
}

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string, seconds: number) {
  const { app, token } = await startSeededApp(dataDir, options, seed);
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const search = (term: string) => () =>
      fetch(`${app.url}/api/items/search-items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ searchTerm: term }),
      });
    const calls: [string, () => Promise<Response>, (body: unknown) => string | undefined][] = [
      [
        'search-items `#home` (2,000 texts carry it; the first 200 answered)',
        search('#home'),
        (body) => ((body as unknown[]).length === 200 ? undefined : `${(body as unknown[]).length} results`),
      ],
      [
        'search-items `#topic7` (100 texts)',
        search('#topic7'),
        (body) => ((body as unknown[]).length === 100 ? undefined : `${(body as unknown[]).length} results`),
      ],
      [
        'search-items `#secret3` (only another person’s texts carry it)',
        search('#secret3'),
        (body) => ((body as unknown[]).length === 0 ? undefined : `${(body as unknown[]).length} results`),
      ],
      [
        'GET /api/tags (105 tags with their counts)',
        () => fetch(`${app.url}/api/tags`, { headers }),
        (body) => {
          const tags = (body as { tags: { name: string; count: number }[] }).tags;
          return tags.length === 105 && tags[0]?.count === 2_000 ? undefined : `${tags.length} tags`;
        },
      ],
    ];
    const rows: string[] = [];
    for (const [name, call, check] of calls) {
      const problem = check(await (await call()).json());
      if (problem) throw new Error(`${name}: ${problem}`);
      const r = await measureCalls(call, { warmUp: 30, durationSeconds: seconds });
      rows.push(callTableRow([label, name], r));
    }
    return rows;
  } finally {
    await app.close();
  }
}

/** The budget: a tag's search answers within 20 ms (p95) at 10,000 tagged texts. */
const benchmark: Benchmark = {
  title: 'Tags: search and counts at 10,000 tagged texts',
  async run({ durationSeconds }) {
    const { results, closing } = await onEachEngine(
      (label, options, dataDir) => measureEngine(label, options, dataDir, durationSeconds),
      { pgDatabase: true },
    );
    return [
      callTableHead('engine', 'call'),
      ...results.flat(),
      '',
      `One request at a time over loopback HTTP to the server in a thread of its own, ${durationSeconds} s per call, after a warm-up. Budget: a tag's search p95 under 20 ms.`,
      '',
      'A tag search (`#name` as the whole term) starts from the tag’s rows (`item_tags (name, item_id)`), keeps the texts the caller sees through their own link or their box (boxes decided once, walking down from the caller’s links), and sorts what is left by title; the 200 results are presented as any search’s. The counts read every tag row of the texts the caller sees, grouped by name.',
      '',
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
