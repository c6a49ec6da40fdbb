import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.js';
import { findRootBox } from '../modules/items/items.repository.js';
import { createItemsService, type ItemsService } from '../modules/items/items.service.js';
import { createUser } from '../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../test/test-database.js';
import { startScheduler } from './scheduler.js';

const DAY = 86_400_000;

describe(`auto-archive on ${testEngine}`, () => {
  let database: TestDatabase;
  let user: UserRow;
  let root: string;
  let clock = Date.UTC(2026, 0, 10, 12);
  let items: ItemsService;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    user = await createUser(database.db);
    root = (await findRootBox(database.db, user.id))?.id ?? '';
    items = createItemsService({ db: database.db, engine: database.engine, now: () => clock });
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
    expect(await items.runAutoArchive(clock + 2 * DAY - 1)).toEqual([]);
    expect(await items.runAutoArchive(clock + 2 * DAY)).toEqual([id]);
    expect(await items.runAutoArchive(clock + 3 * DAY)).toEqual([]);
    const archived = await items.getItem(user, id);
    expect(archived.archivedDate).toBe(clock + 2 * DAY);
    expect(archived.autoArchiveTimestamp).toBeNull();
  });

  it('shares due items between instances sweeping at the same moment, never twice', async () => {
    clock += 10 * DAY;
    const ids = await Promise.all(Array.from({ length: 12 }, () => textExpiringIn(1)));
    const other = createItemsService({ db: database.db, engine: database.engine, now: () => clock });
    const [a, b] = await Promise.all([items.runAutoArchive(clock + DAY), other.runAutoArchive(clock + DAY)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('runs from the scheduler and survives a failing job', async () => {
    const calls: string[] = [];
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
          run: async () => {
            calls.push('ok');
            return 1;
          },
        },
      ],
      pino({ level: 'silent' }),
      10,
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    scheduler.stop();
    expect(calls.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c === 'broken').length).toBeGreaterThanOrEqual(2);
  });
});
