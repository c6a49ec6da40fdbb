import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { startAppInWorker } from './lib/app-in-worker.js';
import { type BenchItem, insertBenchItems, seedBenchUser } from './lib/bench-user.js';
import { type Benchmark, type LoadResult, measure } from './lib/benchmark.js';

/** Each authenticated read, and the share of its bare twin's throughput it must reach. */
const READS: { label: string; path: (box: string) => string; budget: number }[] = [
  {
    label: 'get-items-for-pane (50 items)',
    path: (box) => `/api/items/get-items-for-pane?itemId=${box}`,
    budget: 0.5,
  },
  { label: 'get-user', path: () => '/api/admin/users/get-user', budget: 0.4 },
  { label: 'get-workspace-items', path: () => '/api/items/get-workspace-items', budget: 0.3 },
  { label: 'get-item', path: (box) => `/api/items/get-item?itemId=${box}`, budget: 0.3 },
  {
    label: 'get-number-of-child-items',
    path: (box) => `/api/items/get-number-of-child-items?itemId=${box}`,
    budget: 0.3,
  },
  { label: 'get-organizer (first page)', path: () => '/api/items/get-organizer?limit=100', budget: 0.3 },
  {
    label: 'get-item-reminders',
    path: (box) => `/api/reminders/get-item-reminders?itemId=${box}`,
    budget: 0.3,
  },
];

const METRICS_ROUNDS = 3;
const METRICS_SECONDS = 5;
/** The reads whose throughput is compared with metrics off and on. */
const METRICS_READS = READS.filter(
  (read) => read.label === 'get-user' || read.label.startsWith('get-items-for-pane'),
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * What metrics cost: the same reads from the app as measured and from a second one with
 * metrics on, in turn (so a change in the machine's load falls on both), medians compared.
 */
async function metricsCost(
  app: { url: string },
  dataDir: string,
  sqliteFile: string,
  box: string,
  headers: Record<string, string>,
): Promise<string[]> {
  const withMetrics = await startAppInWorker(dataDir, { sqliteFile }, { metrics: true });
  try {
    const rows: string[] = [];
    for (const read of METRICS_READS) {
      const off: number[] = [];
      const on: number[] = [];
      for (let round = 0; round < METRICS_ROUNDS; round++) {
        const opts = { durationSeconds: METRICS_SECONDS, headers };
        off.push((await measure(read.label, `${app.url}${read.path(box)}`, opts)).requestsPerSecond);
        on.push((await measure(read.label, `${withMetrics.url}${read.path(box)}`, opts)).requestsPerSecond);
      }
      const ratio = median(on) / median(off);
      rows.push(
        `| ${read.label} | ${Math.round(median(off)).toLocaleString('en-GB')} | ${Math.round(median(on)).toLocaleString('en-GB')} | ${ratio.toFixed(2)} | ≥ 0.95 | ${ratio >= 0.95 ? 'within' : '**over**'} |`,
      );
    }
    return rows;
  } finally {
    await withMetrics.close();
  }
}

async function startBareInWorker(
  routes: { path: string; body: string }[],
  floor: { sqliteFile: string; userId: string },
) {
  const worker = new Worker(new URL('./lib/bare-worker.mjs', import.meta.url), {
    workerData: { routes, floor },
    execArgv: [],
  });
  const [ready] = (await once(worker, 'message')) as [{ url: string }];
  return {
    url: ready.url,
    async close() {
      worker.postMessage('close');
      await once(worker, 'message');
      await worker.terminate();
    },
  };
}

/**
 * Our API against Fastify's own limit, in one run: each authenticated read of Nestbox against
 * a bare Fastify answering the very same bytes on the same machine (and `get-user` against a
 * hello-world too). Both servers run in threads of their own; autocannon drives them from this
 * one, one target after the other, with the same load.
 */
const benchmark: Benchmark = {
  title: 'API throughput against a bare Fastify sending the same bytes',
  async run({ durationSeconds }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-api-'));
    const sqliteFile = path.join(dataDir, 'nestbox.sqlite');
    const database = openDatabase({ sqliteFile });
    const { userId, rootId } = await seedBenchUser(database.db, 'bench-api@example.test');
    const box = newId();
    const rows: BenchItem[] = [
      { id: box, type: 'todoBox', title: 'Fifty texts', parent_id: rootId, position: 1 },
    ];
    for (let i = 0; i < 50; i++)
      rows.push({
        id: newId(),
        type: 'todoText',
        title: `Text number ${i}`,
        parent_id: box,
        position: i + 1,
      });
    await insertBenchItems(database.db, userId, rows, [box]);
    await database.close();

    const token = await signSessionToken(loadSecrets(dataDir).jwtSecret, {
      userId,
      tokenVersion: 0,
      rememberMe: false,
    });
    const headers = { authorization: `Bearer ${token}` };
    const app = await startAppInWorker(dataDir, { sqliteFile });
    let bare: Awaited<ReturnType<typeof startBareInWorker>> | undefined;
    try {
      // The bytes each read answers: what its bare twin sends.
      const twins = await Promise.all(
        READS.map(async (read, index) => {
          const res = await fetch(`${app.url}${read.path(box)}`, { headers });
          if (res.status !== 200) throw new Error(`${read.label} answered ${res.status}`);
          return { path: `/twin/${index}`, body: await res.text() };
        }),
      );
      bare = await startBareInWorker(twins, { sqliteFile, userId });
      const helloWorld = await measure('bare Fastify hello-world', `${bare.url}/`, { durationSeconds });
      const rowsOut: string[] = [];
      const results: LoadResult[] = [helloWorld];
      // The pane read against its true floor: the same answer from one prepared statement.
      const floorUrl = `${bare.url}/floor/pane?itemId=${box}`;
      const floorBody = await (await fetch(floorUrl)).text();
      const paneBody = twins[0]?.body ?? '';
      const floor = await measure('floor: bare Fastify, one prepared statement', floorUrl, {
        durationSeconds,
      });
      const pane = await measure(READS[0]?.label ?? '', `${app.url}${READS[0]?.path(box)}`, {
        durationSeconds,
        headers,
      });
      results.push(floor, pane);
      const floorRatio = pane.requestsPerSecond / floor.requestsPerSecond;
      const floorRows = [
        '## The pane read against its true floor',
        '',
        '| read | req/s | floor req/s | ratio | budget | verdict |',
        '|---|---:|---:|---:|---:|---|',
        `| ${READS[0]?.label} | ${Math.round(pane.requestsPerSecond).toLocaleString('en-GB')} | ${Math.round(floor.requestsPerSecond).toLocaleString('en-GB')} | ${floorRatio.toFixed(2)}× | ≥ 0.5 | ${floorRatio >= 0.5 ? 'within' : '**over**'} |`,
        '',
        `The floor (\`bench/lib/bare-worker.mjs\`) is the same read at its simplest: a bare Fastify, one better-sqlite3 prepared statement for the box and its open texts with the user's own state, each row made into the API's item, \`JSON.stringify\`; no sign-in, access check or validation. Its answer is ${floorBody === paneBody ? 'byte for byte the one Nestbox sends' : `${floorBody.length} bytes against Nestbox's ${paneBody.length}`}.`,
        '',
      ];
      const profiles: string[] = [];
      for (const [index, read] of READS.entries()) {
        const twin = await measure(
          `bare Fastify, same ${twins[index]?.body.length} bytes`,
          `${bare.url}/twin/${index}`,
          {
            durationSeconds,
          },
        );
        const ours = await measure(read.label, `${app.url}${read.path(box)}`, { durationSeconds, headers });
        results.push(twin, ours);
        const ratio = ours.requestsPerSecond / twin.requestsPerSecond;
        const errors = ours.errors + ours.non2xx;
        rowsOut.push(
          `| ${read.label} | ${Math.round(ours.requestsPerSecond).toLocaleString('en-GB')} | ${Math.round(twin.requestsPerSecond).toLocaleString('en-GB')} | ${ratio.toFixed(2)}× | ≥ ${read.budget} | ${errors} | ${ratio >= read.budget && errors === 0 ? 'within' : '**over**'} |`,
        );
        if (ratio < read.budget) {
          // Where the server's thread spends a read that misses its budget: the same load, profiled.
          const profile = await app.profile(() =>
            measure(read.label, `${app.url}${read.path(box)}`, { durationSeconds: 3, headers }),
          );
          const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
          profiles.push(
            `**${read.label}** (${ratio.toFixed(2)}× of its twin). By package: ${profile.packages.map((p) => `${p.name} ${percent(p.share)}`).join(', ')}.`,
            '',
            '| function (self time) | share of busy samples |',
            '|---|---:|',
            ...profile.functions.map((f) => `| \`${f.name}\` | ${percent(f.share)} |`),
            '',
          );
        }
        if (read.label === 'get-user') {
          const vsHello = ours.requestsPerSecond / helloWorld.requestsPerSecond;
          rowsOut.push(
            `| get-user ÷ hello-world | ${Math.round(ours.requestsPerSecond).toLocaleString('en-GB')} | ${Math.round(helloWorld.requestsPerSecond).toLocaleString('en-GB')} | ${vsHello.toFixed(2)}× | ≥ 0.4 | ${errors} | ${vsHello >= 0.4 ? 'within' : '**over**'} |`,
          );
        }
      }
      const metricsRows = await metricsCost(app, dataDir, sqliteFile, box, headers);
      return [
        '| read | req/s | bare twin req/s | ratio | budget | errors | verdict |',
        '|---|---:|---:|---:|---:|---:|---|',
        ...rowsOut,
        '',
        `10 connections, ${durationSeconds} s per target after a 2 s warm-up, one target at a time; each server in a worker thread of its own, autocannon in the main thread, all on this machine. The bare twin answers the exact bytes the read answered (captured first). The user has a Workspace holding one box of 50 texts, open in a pane; SQLite; no Accept-Encoding (nothing compressed). The app logs at \`warn\`.`,
        '',
        ...floorRows,
        ...(profiles.length > 0
          ? [
              '<details><summary>Where the server spends the reads that miss their budget (a CPU profile of its thread under the same load, 3 s each)</summary>',
              '',
              ...profiles,
              '</details>',
              '',
            ]
          : []),
        '## Metrics on and off',
        '',
        '| read | metrics off, req/s | metrics on, req/s | on ÷ off | budget | verdict |',
        '|---|---:|---:|---:|---:|---|',
        ...metricsRows,
        '',
        `The same reads from a second server on the same database with \`NESTBOX_METRICS=1\` (every answer and every query timed into histograms), the two measured in turn, ${METRICS_ROUNDS} rounds of ${METRICS_SECONDS} s each, medians compared. Budget: metrics cost at most 5 % of throughput.`,
        '',
        '<details><summary>Latencies</summary>',
        '',
        '| target | req/s | p50 ms | p97.5 ms | p99 ms |',
        '|---|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.label} | ${Math.round(r.requestsPerSecond).toLocaleString('en-GB')} | ${r.p50} | ${r.p97_5} | ${r.p99} |`,
        ),
        '',
        '</details>',
      ].join('\n');
    } finally {
      await bare?.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
