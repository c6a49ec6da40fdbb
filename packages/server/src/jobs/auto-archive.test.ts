import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.js';
import type { UserRow } from '../db/schema.js';
import { createDomainEvents } from '../events/domain-events.js';
import { createAccessService } from '../modules/access/access.service.js';
import { createHistoryService } from '../modules/history/history.service.js';
import { createItemsService, type ItemsService } from '../modules/items/items.service.js';
import { createUser, rootBoxOf } from '../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../test/test-database.js';
import { createAutoArchiveSweep } from './auto-archive.js';
import { startScheduler } from './scheduler.js';

const DAY = 86_400_000;

describe(`auto-archive on ${testEngine}`, () => {
  let database: TestDatabase;
  let user: UserRow;
  let root: string;
  let clock = Date.UTC(2026, 0, 10, 12);
  let items: ItemsService;
  let sweep: ReturnType<typeof createAutoArchiveSweep>;
  const itemsService = () =>
    createItemsService({
      db: database.db,
      engine: database.engine,
      access: createAccessService({ db: database.db }),
      events: createDomainEvents(),
      now: () => clock,
      onTargetDateChanged: undefined,
      onTargetDateRestored: undefined,
      undo: undefined,
      recordHistory: createHistoryService({
        db: database.db,
        access: createAccessService({ db: database.db }),
        now: () => clock,
      }).record,
    });

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    user = await createUser(database.db);
    root = await rootBoxOf(database.db, user.id);
    items = itemsService();
    sweep = createAutoArchiveSweep({ items });
  });
  afterAll(() => database.close());

  async function textExpiringIn(days: number) {
    const text = await items.createItem(user, {
      parentItemId: root,
      itemType: 'todoText',
      title: `in ${days} days`,
    });
    await items.setAutoArchive(user, { itemId: text._id, amount: days, duration: 'days' });
    return text._id;
  }

  it('archives an item once its time has come, exactly once, and not before', async () => {
    const id = await textExpiringIn(2);
    expect(await sweep(clock + 2 * DAY - 1)).toEqual([]);
    expect(await sweep(clock + 2 * DAY)).toEqual([id]);
    expect(await sweep(clock + 3 * DAY)).toEqual([]);
    const archived = await items.getItem(user, id);
    expect(archived.archivedDate).toBe(clock + 2 * DAY);
    expect(archived.autoArchiveTimestamp).toBeNull();
  });

  it('shares due items between instances sweeping at the same moment, never twice', async () => {
    clock += 10 * DAY;
    const ids = await Promise.all(Array.from({ length: 12 }, () => textExpiringIn(1)));
    const other = createAutoArchiveSweep({ items: itemsService() });
    const [a, b] = await Promise.all([sweep(clock + DAY), other(clock + DAY)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('runs from the scheduler, survives a failing job, and tells how late each job ran', async () => {
    const calls: string[] = [];
    const runAt: number[] = [];
    const observed: { job: string; lateMs: number; done: number }[] = [];
    const scheduler = startScheduler(
      [
        {
          name: 'broken',
          run: async () => {
            calls.push('broken');
            throw new Error('boom');
          },
        },
        {
          name: 'ok',
          run: async (at: number) => {
            calls.push('ok');
            runAt.push(at);
            return 1;
          },
        },
      ],
      pino({ level: 'silent' }),
      {
        // Jobs run as of the app's clock, not the machine's.
        now: fixedClock(Date.UTC(2027, 0, 1)),
        intervalMs: 10,
        observe: (job, lateMs, done) => observed.push({ job, lateMs, done }),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    scheduler.stop();
    expect(calls.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(2);
    expect(new Set(runAt)).toEqual(new Set([Date.UTC(2027, 0, 1)]));
    expect(calls.filter((c) => c === 'broken').length).toBeGreaterThanOrEqual(2);
    expect(observed.filter((o) => o.job === 'ok').every((o) => o.done === 1 && o.lateMs >= 0)).toBe(true);
    expect(observed.filter((o) => o.job === 'broken').every((o) => o.done === 0)).toBe(true);
    expect(observed.length).toBe(calls.length);
  });

  it('archives every other due item when one fails, and tries the failed one again at the next sweep', async () => {
    clock += 10 * DAY;
    const failed: string[] = [];
    const sweeper = createAutoArchiveSweep({
      items: itemsService(),
      onFailed: (itemId) => failed.push(itemId),
    });
    const [first, poisoned, last] = [
      await textExpiringIn(1),
      await textExpiringIn(1),
      await textExpiringIn(1),
    ];
    // A real failure inside the database: a trigger refuses any change to the poisoned row.
    const { db } = database;
    if (database.engine === 'postgres') {
      await sql`create function refuse_poisoned() returns trigger language plpgsql as $$
        begin raise exception 'poisoned row'; end $$`.execute(db);
      await sql`create trigger poisoned before update on items for each row
        when (old.id = ${sql.lit(poisoned)}) execute function refuse_poisoned()`.execute(db);
    } else {
      await sql`create trigger poisoned before update on items when old.id = ${sql.lit(poisoned)}
        begin select raise(abort, 'poisoned row'); end`.execute(db);
    }

    expect((await sweeper(clock + DAY)).sort()).toEqual([first, last].sort());
    expect(failed).toEqual([poisoned]);
    expect((await items.getItem(user, poisoned)).archivedDate).toBeNull();

    await sql`drop trigger poisoned${database.engine === 'postgres' ? sql` on items` : sql``}`.execute(db);
    expect(await sweeper(clock + DAY)).toEqual([poisoned]);
    expect((await items.getItem(user, poisoned)).archivedDate).toBe(clock + DAY);
  });
});
