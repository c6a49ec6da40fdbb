import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { MIGRATION_PROVIDER, migrateToLatest } from '../packages/server/dist/db/migrate.js';
import type { Benchmark } from './lib/benchmark.js';
import { seededRandom } from './lib/random.js';

const TOTAL_ITEMS = 1_000_000;
const USERS = 100;
const BOXES = 20_000;
const MAX_DEPTH = 6;
const FIRST_RELEASE = '0001-initial';
const DAY = 86_400_000;

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const count = (n: number) => n.toLocaleString('en-GB');

/** The SQLite file and its write-ahead log, in bytes. */
function sizeOf(file: string): { db: number; wal: number } {
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  };
  return { db: size(file), wal: size(`${file}-wal`) };
}

/**
 * A database at the first release's schema holding 1,000,000 items: 100 people, each with a
 * root box; 20,000 boxes nested up to six deep; the rest texts. One in ten is in someone's
 * Organizer, one in fifty has a reminder, one in a hundred boxes is shared. Written with
 * better-sqlite3 directly, in one transaction.
 */
async function seedFirstRelease(file: string) {
  const handle = openDatabase({ sqliteFile: file });
  const { error } = await new Migrator({ db: handle.db, provider: MIGRATION_PROVIDER }).migrateTo(
    FIRST_RELEASE,
  );
  await handle.close();
  if (error) throw error;

  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const next = seededRandom(20);
  const insertUser = db.prepare(
    `insert into users (id, email, name, password_hash, activated_at, created_at, updated_at)
     values (?, ?, ?, '!', ?, ?, ?)`,
  );
  const insertItem = db.prepare(
    `insert into items (id, type, box_type, title, parent_id, position, is_root_box, completed_at,
       archived_at, target_date, created_by, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = db.prepare(
    'insert into item_users (item_id, user_id, level, created_at) values (?, ?, ?, ?)',
  );
  const insertPersonal = db.prepare(
    `insert into user_items (user_id, item_id, prioritizable, priority, marked_for_today, created_at, updated_at)
     values (?, ?, 1, ?, ?, ?, ?)`,
  );
  const insertReminder = db.prepare(
    `insert into reminders (id, user_id, item_id, number_of, unit, before_after_on, next_fire_at, created_at, updated_at)
     values (?, ?, ?, 1, 'days', 'before', ?, ?, ?)`,
  );
  const seconds = performance.now();
  db.transaction(() => {
    const users: { id: string; root: string }[] = [];
    const boxes: { id: string; user: string; depth: number; children: number }[] = [];
    for (let u = 0; u < USERS; u++) {
      const id = newId();
      const root = newId();
      insertUser.run(id, `upgrade-${u}@example.test`, `Person ${u}`, now, now, now);
      insertItem.run(root, 'todoBox', 'todo', 'Workspace', null, 0, 1, null, null, null, id, now, now);
      insertLink.run(root, id, 'owner', now);
      users.push({ id, root });
      boxes.push({ id: root, user: id, depth: 0, children: 0 });
    }
    let priority = 0;
    for (let n = USERS; n < TOTAL_ITEMS; n++) {
      const isBox = n < USERS + BOXES;
      const parent = boxes[Math.floor(next() * boxes.length)] ?? boxes[0];
      if (!parent) break;
      const id = newId();
      const dated = next() < 1 / 6;
      insertItem.run(
        id,
        isBox ? 'todoBox' : 'todoText',
        'todo',
        `${isBox ? 'Box' : 'Text'} ${n}`,
        parent.id,
        ++parent.children * 1024,
        0,
        !isBox && next() < 0.2 ? now : null,
        next() < 0.02 ? now : null,
        dated ? now + Math.floor(next() * 60) * DAY : null,
        parent.user,
        now - n,
        now - n,
      );
      if (isBox) {
        if (parent.depth + 1 < MAX_DEPTH)
          boxes.push({ id, user: parent.user, depth: parent.depth + 1, children: 0 });
        if (next() < 0.01) {
          const other = users[Math.floor(next() * users.length)];
          if (other && other.id !== parent.user) insertLink.run(id, other.id, 'editor', now);
        }
        continue;
      }
      if (next() < 0.1) {
        priority += 16_384;
        insertPersonal.run(parent.user, id, priority, next() < 0.2 ? 1 : 0, now, now);
      }
      if (dated && next() < 0.12) insertReminder.run(newId(), parent.user, id, now + DAY, now, now);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return (performance.now() - seconds) / 1000;
}

/** Rows of each table the data lives in. */
function rowCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    const counts: Record<string, number> = {};
    for (const table of ['users', 'items', 'item_users', 'user_items', 'reminders'])
      counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Migrations one at a time (each its own transaction), timed; then, on a copy of the same
 * first-release file, `migrateToLatest` as the server runs it at start (every pending
 * migration in one transaction).
 */
const benchmark: Benchmark = {
  title: 'Upgrade: 1,000,000 items from the first release to the latest schema (SQLite)',
  async run() {
    const load = [loadavg()[0]];
    const dir = mkdtempSync(path.join(tmpdir(), 'nestbox-upgrade-bench-'));
    try {
      const file = path.join(dir, 'nestbox.sqlite');
      const copy = path.join(dir, 'copy.sqlite');
      const seedSeconds = await seedFirstRelease(file);
      copyFileSync(file, copy);
      const before = { size: sizeOf(file), rows: rowCounts(file) };
      console.log(`seeded in ${seedSeconds.toFixed(1)} s: ${mb(before.size.db)} MB`);

      const names = Object.keys(await MIGRATION_PROVIDER.getMigrations()).filter(
        (name) => name !== FIRST_RELEASE,
      );
      const steps: { name: string; ms: number; written: number }[] = [];
      const handle = openDatabase({ sqliteFile: file });
      try {
        const migrator = new Migrator({ db: handle.db, provider: MIGRATION_PROVIDER });
        // SQLite's count of rows inserted, updated or deleted on this connection (DDL aside).
        const changes = async () =>
          Number((await sql<{ n: number }>`select total_changes() as n`.execute(handle.db)).rows[0]?.n);
        for (const name of names) {
          const changedBefore = await changes();
          const started = performance.now();
          const { error } = await migrator.migrateTo(name);
          if (error) throw error;
          const ms = performance.now() - started;
          // Less the one row Kysely's migrator writes to its own table.
          steps.push({ name, ms, written: (await changes()) - changedBefore - 1 });
          console.log(`${name}: ${Math.round(ms)} ms`);
        }
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
      } finally {
        await handle.close();
      }
      const after = { size: sizeOf(file), rows: rowCounts(file) };

      const whole = openDatabase({ sqliteFile: copy });
      let wholeMs = 0;
      let walPeak = 0;
      try {
        const started = performance.now();
        const applied = await migrateToLatest(whole.db);
        wholeMs = performance.now() - started;
        walPeak = sizeOf(copy).wal;
        if (applied.length !== names.length) throw new Error(`migrateToLatest applied ${applied.join(', ')}`);
      } finally {
        await whole.close();
      }
      load.push(loadavg()[0]);

      const stepTotal = steps.reduce((sum, step) => sum + step.ms, 0);
      return [
        '| migration | ms | rows written |',
        '|---|---:|---:|',
        ...steps.map((step) => `| ${step.name} | ${count(Math.round(step.ms))} | ${count(step.written)} |`),
        `| **total, one at a time** | **${count(Math.round(stepTotal))}** | |`,
        `| **total, \`migrateToLatest\` in one transaction (as at server start)** | **${count(Math.round(wholeMs))}** | |`,
        '',
        '| table | rows before | rows after |',
        '|---|---:|---:|',
        ...Object.keys(before.rows).map(
          (table) => `| ${table} | ${count(before.rows[table] ?? 0)} | ${count(after.rows[table] ?? 0)} |`,
        ),
        '',
        `Database file: ${mb(before.size.db)} MB at the first release's schema, ${mb(after.size.db)} MB after the migrations (checkpointed). The write-ahead log after \`migrateToLatest\`, before its checkpoint: ${mb(walPeak)} MB.`,
        '',
        `${count(USERS)} people, ${count(BOXES)} boxes up to ${MAX_DEPTH} deep, the rest texts; one text in ten in an Organizer, one dated text in eight with a reminder, one box in a hundred shared. Written at schema \`${FIRST_RELEASE}\` with better-sqlite3 in one transaction in ${seedSeconds.toFixed(1)} s (not part of the figures above). Each migration then runs on its own (\`Migrator.migrateTo\`, its own transaction) and is timed; "rows written" is SQLite's \`total_changes()\` over it (rows inserted, updated or deleted; building an index writes none), less the migrator's own bookkeeping row; a copy of the same first-release file is then brought up to date by \`migrateToLatest\` as the server does at start.`,
        `Machine load average (1 min) at the start and the end: ${load.map((l) => l?.toFixed(1)).join(' and ')} on ${cpus().length} cores.`,
      ].join('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
