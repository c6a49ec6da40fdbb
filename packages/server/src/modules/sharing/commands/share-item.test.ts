import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { createUser, insertItemRow, rootBoxOf } from '../../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { listLinks } from '../sharing.repository.js';
import { shareItem } from './share-item.js';

describe(`shareItem on ${testEngine}`, () => {
  let database: TestDatabase;
  let owner: UserRow;
  let friend: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    owner = await createUser(database.db, { name: 'Owner' });
    friend = await createUser(database.db, { name: 'Friend' });
    root = await rootBoxOf(database.db, owner.id);
  });
  afterAll(() => database.close());

  it('names the sharing owner on the item at its first share, then links the person at their level', async () => {
    const { db } = database;
    const item = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: owner.id });
    await db
      .transaction()
      .execute((trx) =>
        shareItem(trx, { itemId: item, ownerId: owner.id, userId: friend.id, level: 'editor', at: 2 }),
      );
    expect((await listLinks(db, item)).map((link) => [link.name, link.level])).toEqual([
      ['Owner', 'owner'],
      ['Friend', 'editor'],
    ]);
  });

  it('refuses a person already on the item (409), changing nothing', async () => {
    const { db } = database;
    const item = await insertItemRow(db, { type: 'todoText', parent: root, createdBy: owner.id });
    await db
      .transaction()
      .execute((trx) =>
        shareItem(trx, { itemId: item, ownerId: owner.id, userId: friend.id, level: 'readonly', at: 2 }),
      );
    await expect(
      db
        .transaction()
        .execute((trx) =>
          shareItem(trx, { itemId: item, ownerId: owner.id, userId: friend.id, level: 'owner', at: 3 }),
        ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'share.alreadyShared' });
    expect((await listLinks(db, item)).map((link) => link.level)).toEqual(['owner', 'readonly']);
  });
});
