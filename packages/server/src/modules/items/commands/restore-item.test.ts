import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { createUser, insertItemRow, rootBoxOf } from '../../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { type AccessService, createAccessService } from '../../access/access.service.js';
import { createHistoryService } from '../../history/history.service.js';
import { createItemHistory, type ItemHistory } from '../item-history.js';
import { findItem } from '../items.repository.js';
import { archiveItem } from './archive-item.js';
import { restoreItem } from './restore-item.js';

describe(`archiveItem and restoreItem on ${testEngine}`, () => {
  let database: TestDatabase;
  let access: AccessService;
  let history: ItemHistory;
  let user: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    access = createAccessService({ db: database.db });
    history = createItemHistory(createHistoryService({ db: database.db, access, now: () => 9 }).record);
    user = await createUser(database.db);
    root = await rootBoxOf(database.db, user.id);
  });
  afterAll(() => database.close());

  it('archives a box, closing the panes of everything inside it, and restores it last into a chosen box', async () => {
    const { db } = database;
    const archived = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const inside = await insertItemRow(db, { type: 'todoBox', parent: archived, createdBy: user.id });
    const target = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const last = await insertItemRow(db, {
      type: 'todoText',
      parent: target,
      createdBy: user.id,
      position: 4096,
    });
    for (const [id, itemId] of [
      ['pane-a', archived],
      ['pane-b', inside],
      ['pane-c', target],
    ] as const)
      await db
        .insertInto('panes')
        .values({ id, user_id: user.id, position: 1, item_id: itemId, created_at: 1 })
        .execute();

    await db.transaction().execute((trx) => archiveItem(trx, { itemId: archived, at: 7 }));
    expect((await findItem(db, archived))?.archived_at).toBe(7);
    expect((await db.selectFrom('panes').select('id').execute()).map((p) => p.id)).toEqual(['pane-c']);

    const before = await db.transaction().execute(async (trx) => {
      const item = await findItem(trx, archived);
      if (!item) throw new Error('no item');
      return restoreItem(trx, access, { user, item, level: 'owner', history, parentId: target, at: 9 });
    });
    expect(before).toEqual([{ userId: user.id, level: 'owner' }]);
    const restored = await findItem(db, archived);
    expect(restored).toMatchObject({ archived_at: null, parent_id: target, updated_at: 9 });
    expect(restored?.position).toBeGreaterThan((await findItem(db, last))?.position ?? Infinity);
  });

  it('refuses to restore into an archived box, changing nothing', async () => {
    const { db } = database;
    const gone = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const item = await insertItemRow(db, { type: 'todoText', parent: root, createdBy: user.id });
    await db.transaction().execute((trx) => archiveItem(trx, { itemId: gone, at: 3 }));
    await db.transaction().execute((trx) => archiveItem(trx, { itemId: item, at: 3 }));
    await expect(
      db.transaction().execute(async (trx) => {
        const row = await findItem(trx, item);
        if (!row) throw new Error('no item');
        return restoreItem(trx, access, { user, item: row, level: 'owner', history, parentId: gone, at: 9 });
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await findItem(db, item))?.archived_at).toBe(3);
  });
});
