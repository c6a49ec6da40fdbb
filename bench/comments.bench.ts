import type { DatabaseHandle, OpenDatabaseOptions } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startSeededApp } from './lib/app-in-worker.js';
import { gatherStatistics, insertBenchItems, insertBenchUser, seedBenchUser } from './lib/bench-user.js';
import { type Benchmark, callTableHead, callTableRow, measureCalls } from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';

const THREAD = 200;
/** Other items' comments, which the thread's reads pass over. */
const ELSEWHERE = 20_000;

/**
 * A text with a thread of 200 comments (two writers, a paragraph of Markdown each) among
 * 2,000 texts carrying 20,000 more: what Item settings reads when it opens on that text.
 */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, 'comments-bench@example.test');
  const other = await insertBenchUser(db, 'comments-bench-other@example.test', 'Other');
  const texts = Array.from({ length: 2_000 }, (_, i) => ({
    id: newId(),
    type: 'todoText' as const,
    title: `Task ${i + 1}`,
    parent_id: rootId,
    position: i + 1,
  }));
  await insertBenchItems(db, userId, texts);
  const target = texts[0]?.id as string;
  const body = (i: number) =>
    `Comment ${i}: the **second** draft is in the shared folder, see [the notes](https://example.org/${i}).`;
  const rows = [
    ...Array.from({ length: THREAD }, (_, i) => ({ itemId: target, i })),
    ...Array.from({ length: ELSEWHERE }, (_, i) => ({ itemId: texts[1 + (i % 1_999)]?.id as string, i })),
  ].map(({ itemId, i }) => ({
    id: newId(),
    item_id: itemId,
    author_id: i % 2 === 0 ? userId : other.userId,
    author_name: null,
    body: body(i),
    created_at: now - 1_000_000 + i,
    edited_at: null,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('comments')
      .values(rows.slice(start, start + 500))
      .execute();
  await db
    .updateTable('items')
    .set({
      comment_count: (eb) =>
        eb
          .selectFrom('comments')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('comments.item_id', '=', 'items.id'),
    })
    .where('parent_id', '=', rootId)
    .execute();
  await gatherStatistics(database);
  return { userId, target };
}

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string, seconds: number) {
  const { app, token, seeded } = await startSeededApp(dataDir, options, seed);
  const { target } = seeded;
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const thread = () => fetch(`${app.url}/api/items/${target}/comments`, { headers });
    const first = (await (await thread()).json()) as { comments: unknown[] };
    if (first.comments.length !== THREAD) throw new Error(`the thread holds ${first.comments.length}`);
    const rows: string[] = [];
    const calls: [string, () => Promise<Response>][] = [
      [`GET the thread (${THREAD} comments)`, thread],
      [
        'GET the text itself (Item settings’ other read)',
        () => fetch(`${app.url}/api/items/get-item?itemId=${target}`, { headers }),
      ],
    ];
    for (const [name, call] of calls) {
      const r = await measureCalls(call, { warmUp: 30, durationSeconds: seconds });
      rows.push(callTableRow([label, name], r));
    }
    return rows;
  } finally {
    await app.close();
  }
}

/** The budget: Item settings on a text with 200 comments opens in under 300 ms. */
const benchmark: Benchmark = {
  title: 'Comments: a thread of 200 read at once',
  async run({ durationSeconds }) {
    const { results, closing } = await onEachEngine(
      (label, options, dataDir) => measureEngine(label, options, dataDir, durationSeconds),
      { pgDatabase: true },
    );
    return [
      callTableHead('engine', 'call'),
      ...results.flat(),
      '',
      `One request at a time over loopback HTTP to the server in a thread of its own, ${durationSeconds} s per call, after a warm-up. Budget: Item settings on that text opens in under 300 ms, of which these two reads are the server's part.`,
      '',
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
