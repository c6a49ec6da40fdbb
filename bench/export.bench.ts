import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import pg from 'pg';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import { type DatabaseHandle, openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { type BenchItem, gatherStatistics, seedBenchUser } from './lib/bench-user.js';
import type { Benchmark } from './lib/benchmark.js';
import { seededRandom } from './lib/random.js';
import { cpuSecondsOf, readExport, serverDatabaseUrl, startRestingServer } from './lib/server-process.js';

const TOTAL_ITEMS = 100_000;
const BOXES = 400;
const MAX_DEPTH = 6;
const BUDGET_MS = 10_000;
const BUDGET_MB = 100;
const FORMATS = ['json', 'opml', 'csv'] as const;
const ENCODINGS = ['identity', 'br'] as const;

/**
 * One person with 100,000 items: 400 boxes nested up to six deep, the rest texts spread among
 * them; one in five completed, one in fifty archived, one in six dated, one in ten
 * prioritised (some pinned to Today, some favourites), one in fifty with a reminder.
 */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const { userId, rootId, now } = await seedBenchUser(db, 'export-bench@example.test');
  const next = seededRandom(18);
  const boxes: { id: string; depth: number; children: number }[] = [{ id: rootId, depth: 0, children: 0 }];
  const rows: (BenchItem & {
    completed_at: number | null;
    archived_at: number | null;
    created_at: number;
  })[] = [];
  const personal: {
    item_id: string;
    priority: number | null;
    marked_for_today: number;
    favourited: number;
  }[] = [];
  const reminders: string[] = [];
  while (rows.length < TOTAL_ITEMS) {
    const isBox = rows.length < BOXES;
    const candidates = isBox ? boxes.filter((box) => box.depth < MAX_DEPTH) : boxes;
    const parent = candidates[Math.floor(next() * candidates.length)] ?? boxes[0];
    if (!parent) break;
    const id = newId();
    const n = rows.length;
    rows.push({
      id,
      type: isBox ? 'todoBox' : 'todoText',
      title: `${isBox ? 'Box' : 'Text'} ${n}: ${['Call the plumber', 'Réserver le vélo', 'Buy "bread" & milk', 'Write the report'][n % 4]}`,
      parent_id: parent.id,
      position: ++parent.children * 1024,
      target_date: next() < 1 / 6 ? now + Math.floor(next() * 60) * 86_400_000 : null,
      completed_at: !isBox && next() < 0.2 ? now : null,
      archived_at: next() < 0.02 ? now : null,
      created_at: now - n * 1000,
    });
    if (isBox) boxes.push({ id, depth: parent.depth + 1, children: 0 });
    else if (next() < 0.1)
      personal.push({
        item_id: id,
        priority: 16_384 * (personal.length + 1),
        marked_for_today: next() < 0.2 ? 1 : 0,
        favourited: next() < 0.3 ? 1 : 0,
      });
    if (!isBox && next() < 0.02) reminders.push(id);
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('items')
        .values(rows.slice(i, i + 500).map((row) => ({ ...row, created_by: userId, updated_at: now })))
        .execute();
    for (let i = 0; i < personal.length; i += 500)
      await trx
        .insertInto('user_items')
        .values(
          personal
            .slice(i, i + 500)
            .map((row) => ({ ...row, user_id: userId, prioritizable: 1, created_at: now, updated_at: now })),
        )
        .execute();
    for (let i = 0; i < reminders.length; i += 500)
      await trx
        .insertInto('reminders')
        .values(
          reminders.slice(i, i + 500).map((itemId) => ({
            id: newId(),
            user_id: userId,
            item_id: itemId,
            number_of: 1,
            unit: 'days' as const,
            before_after_on: 'before' as const,
            repeat: 0,
            linked_directly_to_target_date: 0,
            next_fire_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
  });
  await gatherStatistics(database);
  const depth = Math.max(...boxes.map((box) => box.depth));
  return { userId, depth, archived: rows.filter((row) => row.archived_at !== null).length };
}

interface Run {
  format: (typeof FORMATS)[number];
  encoding: (typeof ENCODINGS)[number];
  ms: number;
  cpuSeconds: number;
  bytes: number;
  baselineMb: number;
  extraMb: number;
  check: string;
}

/**
 * Each format and encoding on a fresh server: its memory at rest after one small call, then
 * the export read to its end while the server's RSS is sampled every 10 ms.
 */
async function measureEngine(
  label: string,
  dataDir: string,
  databaseUrl: string | undefined,
  userId: string,
) {
  const secrets = loadSecrets(dataDir);
  const token = await signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });
  const runs: Run[] = [];
  for (const format of FORMATS)
    for (const encoding of ENCODINGS) {
      const server = await startRestingServer(dataDir, databaseUrl, token);
      try {
        const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        const cpuBefore = cpuSecondsOf(server.child);
        const pieces: Uint8Array[] = [];
        let bytes = 0;
        const { status, ms, baseline, peak } = await readExport(server, format, headers, (piece) => {
          bytes += piece.byteLength;
          if (encoding === 'identity') pieces.push(piece);
        });
        const cpuSeconds = cpuSecondsOf(server.child) - cpuBefore;
        let check = status === 200 ? 'ok' : `HTTP ${status}`;
        if (encoding === 'identity' && status === 200) {
          const text = Buffer.concat(pieces).toString('utf8');
          if (format === 'json') {
            const count = (items: { children?: unknown[] }[]): number =>
              items.reduce(
                (sum, item) => sum + 1 + count((item.children ?? []) as { children?: unknown[] }[]),
                0,
              );
            check = `${count((JSON.parse(text) as { workspace: { children?: unknown[] }[] }).workspace).toLocaleString('en-GB')} items`;
          } else if (format === 'csv')
            check = `${(parseCsv(text, { bom: true, columns: true }) as unknown[]).length.toLocaleString('en-GB')} rows`;
          else check = `${(text.match(/<outline /g) ?? []).length.toLocaleString('en-GB')} outlines`;
        }
        runs.push({
          format,
          encoding,
          ms,
          cpuSeconds,
          bytes,
          baselineMb: baseline / 2 ** 20,
          extraMb: (peak - baseline) / 2 ** 20,
          check,
        });
        console.log(
          `${label} ${format} ${encoding}: ${Math.round(ms)} ms, +${((peak - baseline) / 2 ** 20).toFixed(1)} MB, ${check}`,
        );
      } finally {
        await server.stop();
      }
    }
  return runs.map(
    (run) =>
      `| ${label} | ${run.format} | ${run.encoding} | ${(run.bytes / 2 ** 20).toFixed(1)} | ${Math.round(run.ms).toLocaleString('en-GB')} | ${run.cpuSeconds.toFixed(1)} | ${run.baselineMb.toFixed(0)} | ${run.extraMb.toFixed(1)} | ${run.check} | ${run.ms < BUDGET_MS && run.extraMb < BUDGET_MB ? 'within' : 'OVER'} |`,
  );
}

/**
 * The budget: an account of 100,000 items exports in under 10 s with under 100 MB of extra
 * memory, in each format, SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 */
const benchmark: Benchmark = {
  title: 'Export: 100,000 items as JSON, OPML and CSV',
  async run() {
    const load = [loadavg()[0]];
    const rows: string[] = [];
    const notes: string[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    try {
      const sqlite = openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
      const seeded = await seed(sqlite);
      await sqlite.close();
      notes.push(
        `SQLite: ${TOTAL_ITEMS.toLocaleString('en-GB')} items, ${BOXES} boxes up to ${seeded.depth} deep, ${seeded.archived.toLocaleString('en-GB')} archived (which OPML leaves out).`,
      );
      rows.push(...(await measureEngine('SQLite', dataDir, undefined, seeded.userId)));
      const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (pgUrl) {
        const schema = `bench_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        try {
          const database = openDatabase({ databaseUrl: pgUrl, pgSchema: schema });
          const onPg = await seed(database);
          await database.close();
          const url = serverDatabaseUrl({ databaseUrl: pgUrl, pgSchema: schema });
          rows.push(...(await measureEngine('PostgreSQL', dataDir, url, onPg.userId)));
        } finally {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    load.push(loadavg()[0]);
    return [
      '| engine | format | encoding | MB sent | ms to the last byte | server CPU, s | server RSS at rest, MB | extra RSS at peak, MB | read back | budget |',
      '|---|---|---|---:|---:|---:|---:|---:|---|---|',
      ...rows,
      '',
      ...notes,
      '',
      `Budget: under ${BUDGET_MS / 1000} s and under ${BUDGET_MB} MB of extra memory. Each line on a fresh server process (the built server, \`NODE_ENV=production\`, SQLite or PostgreSQL), its resident memory read from \`/proc/<pid>/status\` at rest after one small call, then every 10 ms while the export is read to its last byte over loopback HTTP; "extra" is the peak minus that rest. "Server CPU" is the user and system time the server process spent meanwhile (\`/proc/<pid>/stat\`): what the wall time comes down to on a quiet machine, PostgreSQL's own work aside. \`identity\`: uncompressed; \`br\`: brotli, as a browser asks (MB sent counts the bytes after decompression). The JSON is parsed and its items counted, the CSV parsed and its rows counted.`,
      process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
        ? ''
        : 'PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… to add it.',
      `Machine load average (1 min) at the start and the end: ${load.map((l) => l?.toFixed(1)).join(' and ')} on ${cpus().length} cores.`,
    ].join('\n');
  },
};

export default benchmark;
