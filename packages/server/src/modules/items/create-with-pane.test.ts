import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { createDomainEvents } from '../../events/domain-events.js';
import { createUser, rootBoxOf } from '../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { createAccessService } from '../access/access.service.js';
import { createHistoryService } from '../history/history.service.js';
import { createItemsService, type ItemsService } from './items.service.js';

describe(`an item and what is written alongside it (its pane) commit together, on ${testEngine}`, () => {
  let database: TestDatabase;
  let items: ItemsService;
  let user: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    items = createItemsService({
      db: database.db,
      engine: database.engine,
      access: createAccessService({ db: database.db }),
      events: createDomainEvents(),
      now: () => Date.now(),
      onTargetDateChanged: undefined,
      onTargetDateRestored: undefined,
      undo: undefined,
      recordHistory: createHistoryService({
        db: database.db,
        access: createAccessService({ db: database.db }),
        now: () => Date.now(),
      }).record,
    });
    user = await createUser(database.db);
    root = await rootBoxOf(database.db, user.id);
  });
  afterAll(() => database.close());

  const boxesTitled = async (title: string) =>
    (await database.db.selectFrom('items').select('id').where('title', '=', title).execute()).length;

  it('writes nothing when what goes alongside fails', async () => {
    const failing = items.createItem(
      user,
      { parentItemId: root, itemType: 'todoBox', title: 'Trip' },
      async () => {
        throw new Error('the pane could not be written');
      },
    );
    await expect(failing).rejects.toThrow('the pane could not be written');
    expect(await boxesTitled('Trip')).toBe(0);
    // Its creation was recorded in its history before the pane failed: that went too.
    expect(await database.db.selectFrom('item_events').select('id').execute()).toEqual([]);
  });

  it('writes alongside in the creating transaction, the new item already there', async () => {
    const created = await items.createItem(
      user,
      { parentItemId: root, itemType: 'todoBox', title: 'Holidays' },
      async (tx, itemId) => {
        expect(
          await tx.selectFrom('items').select('title').where('id', '=', itemId).executeTakeFirst(),
        ).toEqual({
          title: 'Holidays',
        });
      },
    );
    expect(created.title).toBe('Holidays');
  });
});
