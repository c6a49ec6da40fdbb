import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import type { NewItemRow, RemindersTable } from '../packages/server/dist/db/schema.js';
import { createDomainEvents } from '../packages/server/dist/events/domain-events.js';
import { createAccessService } from '../packages/server/dist/modules/access/access.service.js';
import {
  createRemindersService,
  REMINDER_CLAIM_BATCH,
} from '../packages/server/dist/modules/reminders/reminders.service.js';
import { insertUserWithRootBox } from '../packages/server/dist/modules/users/users.service.js';
import type { Benchmark } from './lib/benchmark.js';

const REMINDERS = 100_000;
const USERS = 1_000;
/** One in ten repeats ('on', every day), so the claim also writes computed next times. */
const REPEAT_EVERY = 10;
const MINUTE = 60_000;
/** Reminders per claiming transaction (`REMINDER_BATCH` to compare sizes). */
const BATCH = Number(process.env.REMINDER_BATCH ?? REMINDER_CLAIM_BATCH);

/** 1,000 users × 100 items, each with a target date and one reminder due within the same minute. */
async function seed({ db }: DatabaseHandle, dueMinute: number) {
  await migrateToLatest(db);
  const now = Date.now();
  const perUser = REMINDERS / USERS;
  const items: NewItemRow[] = [];
  const reminders: Insertable<RemindersTable>[] = [];
  for (let u = 0; u < USERS; u++) {
    const userId = newId();
    const rootId = newId();
    await insertUserWithRootBox(
      db,
      {
        id: userId,
        email: `bench-${u}@example.test`,
        name: `Bench ${u}`,
        password_hash: '!',
        activated_at: now,
        created_at: now,
        updated_at: now,
      },
      rootId,
    );
    for (let i = 0; i < perUser; i++) {
      const n = u * perUser + i;
      const fireAt = dueMinute + (n % 60) * 1_000;
      const repeat = n % REPEAT_EVERY === 0;
      const itemId = newId();
      items.push({
        id: itemId,
        type: 'todoText',
        title: `Task ${n}`,
        parent_id: rootId,
        position: i + 1,
        is_root_box: 0,
        completed_at: null,
        archived_at: null,
        auto_archive_amount: null,
        auto_archive_duration: null,
        auto_archive_at: null,
        target_date: repeat ? fireAt : fireAt + 60 * MINUTE,
        show_completed: 0,
        auto_add_to_unprioritized: 0,
        created_by: userId,
        created_at: now,
        updated_at: now,
      });
      reminders.push({
        id: newId(),
        user_id: userId,
        item_id: itemId,
        number_of: 1,
        unit: repeat ? 'days' : 'hours',
        before_after_on: repeat ? 'on' : 'before',
        repeat: repeat ? 1 : 0,
        linked_directly_to_target_date: 0,
        next_fire_at: fireAt,
        created_at: now,
        updated_at: now,
      });
    }
  }
  for (let start = 0; start < items.length; start += 500)
    await db
      .insertInto('items')
      .values(items.slice(start, start + 500))
      .execute();
  for (let start = 0; start < reminders.length; start += 500)
    await db
      .insertInto('reminders')
      .values(reminders.slice(start, start + 500))
      .execute();
}

async function measureEngine(label: string, database: DatabaseHandle): Promise<string> {
  try {
    const dueMinute = Date.UTC(2030, 0, 1, 9);
    await seed(database, dueMinute);
    let pushes = 0;
    const bus = createDomainEvents();
    bus.on('reminders.unreadCounts', ({ counts }) => {
      pushes += counts.size;
    });
    const reminders = createRemindersService({
      db: database.db,
      engine: database.engine,
      access: createAccessService({ db: database.db }),
      events: bus,
      now: () => dueMinute,
    });
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const fired = await reminders.runDue(dueMinute + MINUTE, { batch: BATCH });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const again = await reminders.runDue(dueMinute + MINUTE + 1_000);
    const events = await database.db
      .selectFrom('reminder_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return `| ${label} | ${fired.toLocaleString('en-GB')} | ${Number(events.n).toLocaleString('en-GB')} | ${again} | ${pushes.toLocaleString('en-GB')} | ${seconds.toFixed(2)} | ${cpuSeconds.toFixed(2)} | ${loadavg()[0]?.toFixed(1)} | ${Math.round(fired / seconds).toLocaleString('en-GB')} | ${seconds <= 30 ? 'yes' : 'NO'} |`;
  } finally {
    await database.close();
  }
}

/**
 * The budget: 100,000 reminders due within the same minute, fired by one instance in
 * at most 30 s, claimed REMINDER_CLAIM_BATCH per statement. PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
const benchmark: Benchmark = {
  title: 'Firing 100,000 reminders due within the same minute',
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    const rows: string[] = [];
    try {
      rows.push(
        await measureEngine('SQLite', openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') })),
      );
      const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (pgUrl) {
        const schema = `bench_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        try {
          rows.push(
            await measureEngine('PostgreSQL', openDatabase({ databaseUrl: pgUrl, pgSchema: schema })),
          );
        } finally {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return [
      '| engine | fired | events written | fired by a second run | count pushes | seconds | CPU s of this process | load average | reminders/s | within 30 s |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `${USERS.toLocaleString('en-GB')} users × ${(REMINDERS / USERS).toLocaleString('en-GB')} items, one reminder each, due over one minute; one in ${REPEAT_EVERY} repeats daily ('on'), the others are '1 hour before'. One \`runDue\` call claims them ${BATCH.toLocaleString('en-GB')} per transaction, 1,000 rows per statement (SELECT … FOR UPDATE SKIP LOCKED on PostgreSQL, one UPDATE … RETURNING, a visibility check, one INSERT per 1,000 events with ON CONFLICT DO NOTHING), then pushes one unread count per user. A second run right after fires nothing. Seeding is not timed. The machine is shared: the load average (1 min, at the end of the run) says how much of the wall time was waiting for a CPU; on SQLite the CPU seconds of this process are the work itself (PostgreSQL's own work is in its server process).`,
    ].join('\n');
  },
};

export default benchmark;
