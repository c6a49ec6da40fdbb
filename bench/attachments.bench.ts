import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Worker } from 'node:worker_threads';
import type { DatabaseHandle, OpenDatabaseOptions } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { startSeededApp } from './lib/app-in-worker.js';
import { gatherStatistics, insertBenchItems, seedBenchUser } from './lib/bench-user.js';
import {
  type Benchmark,
  callTableHead,
  callTableRow,
  measureConcurrent,
  percentile,
} from './lib/benchmark.js';
import { onEachEngine } from './lib/engines.js';

const MB = 1024 * 1024;
/** The file the budget names: 20 MB, moved up and down five times each. */
const FILE_BYTES = 20 * MB;
const RUNS = 5;
const COMMENTS = 200;
const ATTACHMENTS = 50;

/** A text with 200 comments and 50 attachments (rows only: opening Item settings lists them). */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, 'attachments-bench@example.test');
  const target = newId();
  await insertBenchItems(db, userId, [
    { id: target, type: 'todoText' as const, title: 'The busy text', parent_id: rootId, position: 1 },
  ]);
  await db
    .insertInto('comments')
    .values(
      Array.from({ length: COMMENTS }, (_, i) => ({
        id: newId(),
        item_id: target,
        author_id: userId,
        author_name: null,
        body: `Comment ${i}: the **second** draft is in the shared folder.`,
        created_at: now - 1_000_000 + i,
        edited_at: null,
      })),
    )
    .execute();
  await db.updateTable('items').set({ comment_count: COMMENTS }).where('id', '=', target).execute();
  await db
    .insertInto('attachments')
    .values(
      Array.from({ length: ATTACHMENTS }, (_, i) => ({
        id: newId(),
        item_id: target,
        uploader_id: userId,
        name: `scan-${i}.pdf`,
        type: 'application/pdf',
        size: 200_000 + i,
        thumbnail: 0,
        created_at: now - 500_000 + i,
      })),
    )
    .execute();
  await gatherStatistics(database);
  return { userId, target };
}

/** Runs `during` while this process's resident memory is sampled; the most it rose above `idle`. */
async function peakAbove<T>(idle: number, during: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await during();
    return { result, peakMb: (peak - idle) / MB };
  } finally {
    clearInterval(sampler);
  }
}

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string, seconds: number) {
  const { app, token, seeded } = await startSeededApp(dataDir, options, seed);
  const { target } = seeded;
  const headers = { authorization: `Bearer ${token}` };
  const rows: string[] = [];
  try {
    // Item settings opening: the text, its thread and its files, asked for together as the app does.
    const open = async () => {
      const answers = await Promise.all(
        [
          `/api/items/get-item?itemId=${target}`,
          `/api/items/${target}/comments`,
          `/api/items/${target}/attachments`,
        ].map((call) => fetch(`${app.url}${call}`, { headers })),
      );
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      return answers.every((answer) => answer.status === 200);
    };
    for (let i = 0; i < 20; i++) await open();
    const opened = await measureConcurrent(open, { concurrency: 1, durationSeconds: seconds });
    rows.push(
      callTableRow([label, `open Item settings (${COMMENTS} comments, ${ATTACHMENTS} files)`], opened),
    );
    return { rows, opened };
  } finally {
    await app.close();
  }
}

/** The same file up and down through a bare node:http server (lib/bare-file-worker.mjs): the floor. */
async function bareFloor(source: string, dataDir: string) {
  const worker = new Worker(new URL('./lib/bare-file-worker.mjs', import.meta.url), {
    workerData: { source, target: path.join(dataDir, 'bare-up.bin') },
  });
  const [{ url }] = (await once(worker, 'message')) as [{ url: string }];
  const up: number[] = [];
  const down: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      const stored = await fetch(url, { method: 'POST', body: await openAsBlob(source) });
      await stored.text();
      up.push(performance.now() - started);
      started = performance.now();
      const answer = await fetch(url);
      if (!answer.body) throw new Error('the bare server sent nothing');
      await pipeline(
        Readable.fromWeb(answer.body as WebReadableStream),
        createWriteStream(path.join(dataDir, 'bare-down.bin')),
      );
      down.push(performance.now() - started);
    }
    return { up: median(up), down: median(down) };
  } finally {
    worker.postMessage('close');
    await once(worker, 'message');
    await worker.terminate();
  }
}

/** The 20 MB file up and down, against `cp` of the same file, and the memory it takes. */
async function moveBigFile(dataDir: string) {
  const { app, token, seeded } = await startSeededApp(
    dataDir,
    { sqliteFile: path.join(dataDir, 'files.sqlite') },
    seed,
  );
  const headers = { authorization: `Bearer ${token}` };
  const source = path.join(dataDir, 'big.bin');
  const copy = path.join(dataDir, 'big-copy.bin');
  const fetched = path.join(dataDir, 'big-fetched.bin');
  // Random bytes: nothing on the way can make them smaller.
  writeFileSync(source, randomBytes(FILE_BYTES));
  try {
    const { target } = seeded;
    const cp: number[] = [];
    const up: number[] = [];
    const down: number[] = [];
    let upPeak = 0;
    let downPeak = 0;
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      execFileSync('cp', [source, copy]);
      cp.push(performance.now() - started);
      rmSync(copy);

      global.gc?.();
      const idle = process.memoryUsage().rss;
      const form = new FormData();
      form.append('file', await openAsBlob(source), 'big.bin');
      started = performance.now();
      const sent = await peakAbove(idle, async () => {
        const answer = await fetch(`${app.url}/api/items/${target}/attachments`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (answer.status !== 201)
          throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
        return (await answer.json()) as { id: string; size: number };
      });
      up.push(performance.now() - started);
      upPeak = Math.max(upPeak, sent.peakMb);
      if (sent.result.size !== FILE_BYTES) throw new Error(`stored ${sent.result.size} bytes`);

      started = performance.now();
      const got = await peakAbove(idle, async () => {
        const answer = await fetch(`${app.url}/api/attachments/${sent.result.id}/content`, { headers });
        if (answer.status !== 200 || !answer.body) throw new Error(`download answered ${answer.status}`);
        await pipeline(Readable.fromWeb(answer.body as WebReadableStream), createWriteStream(fetched));
      });
      down.push(performance.now() - started);
      downPeak = Math.max(downPeak, got.peakMb);
      rmSync(fetched);
      await fetch(`${app.url}/api/attachments/${sent.result.id}`, { method: 'DELETE', headers });
    }
    const floor = await bareFloor(source, dataDir);
    return { cp: median(cp), up: median(up), down: median(down), upPeak, downPeak, floor };
  } finally {
    await app.close();
    rmSync(source, { force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'within' : '**over**');

/** The 20 MB file's table: `cp`, the bare floor, then Nestbox, with the budgets' verdicts. */
function fileTable(files: Awaited<ReturnType<typeof moveBigFile>>): string[] {
  const ratio = (ms: number) => (ms / files.cp).toFixed(2);
  return [
    '| 20 MB file | median ms | × cp | budget (2 × cp) | peak memory above idle (MB) | budget (64) |',
    '|---|---:|---:|---|---:|---|',
    `| cp (this machine's disk) | ${files.cp.toFixed(0)} | 1.00 | | | |`,
    `| floor: bare node:http, raw body written to a file | ${files.floor.up.toFixed(0)} | ${ratio(files.floor.up)} | ${verdict(files.floor.up <= 2 * files.cp)} | | |`,
    `| floor: bare node:http, a file streamed back | ${files.floor.down.toFixed(0)} | ${ratio(files.floor.down)} | ${verdict(files.floor.down <= 2 * files.cp)} | | |`,
    `| Nestbox upload (multipart, streamed to disk) | ${files.up.toFixed(0)} | ${ratio(files.up)} | ${verdict(files.up <= 2 * files.cp)} | ${files.upPeak.toFixed(1)} | ${verdict(files.upPeak < 64)} |`,
    `| Nestbox download (streamed to a file) | ${files.down.toFixed(0)} | ${ratio(files.down)} | ${verdict(files.down <= 2 * files.cp)} | ${files.downPeak.toFixed(1)} | ${verdict(files.downPeak < 64)} |`,
    '',
    `Against that floor, which no Node server goes below: upload ${(files.up / files.floor.up).toFixed(2)}×, download ${(files.down / files.floor.down).toFixed(2)}×.`,
  ];
}

/**
 * The budgets: a 20 MB upload and download each within 2× the time `cp` takes to copy the
 * file on this machine, the server's memory under 64 MB above idle during both; Item settings
 * with 200 comments and 50 attachments opens in under 300 ms.
 */
const benchmark: Benchmark = {
  title: 'Attachments: a 20 MB file up and down, and Item settings with 50 files',
  async run({ durationSeconds }) {
    const { results, closing } = await onEachEngine(
      async (label, options, dataDir) => ({
        opening: await measureEngine(label, options, dataDir, durationSeconds),
        files: label === 'SQLite' ? await moveBigFile(dataDir) : undefined,
      }),
      { pgDatabase: true },
    );
    const files = results.find((result) => result.files)?.files;
    return [
      callTableHead('engine', 'call'),
      ...results.flatMap((result) => result.opening.rows),
      '',
      `Budget: under 300 ms (p95) — ${results
        .map(
          (result) =>
            `${verdict(result.opening.opened.p95 < 300)} on ${result.opening.rows[0]?.split(' | ')[0]?.slice(2)}`,
        )
        .join(', ')}.`,
      '',
      ...(files ? fileTable(files) : ['The 20 MB file was not measured.']),
      '',
      `Item settings: one request of each of its three reads at a time, together, over loopback HTTP to the server in a thread of its own, ${durationSeconds} s after a warm-up. The file: ${RUNS} runs of each, median; the server on SQLite with files on the local disk (the engine does not touch the bytes). Memory is this process's resident set (the server's thread and the bench's client together), sampled every 5 ms, above what it was just before each transfer.`,
      '',
      ...closing,
    ].join('\n');
  },
};

export default benchmark;
