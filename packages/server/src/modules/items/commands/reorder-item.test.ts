import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { createUser, insertItemRow, rootBoxOf } from '../../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { type AccessService, createAccessService } from '../../access/access.service.js';
import { findItem } from '../items.repository.js';
import { reorderItem } from './reorder-item.js';

describe(`reorderItem on ${testEngine}`, () => {
  let database: TestDatabase;
  let access: AccessService;
  let owner: UserRow;
  let reader: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    access = createAccessService({ db: database.db });
    owner = await createUser(database.db);
    reader = await createUser(database.db);
    root = await rootBoxOf(database.db, owner.id);
  });
  afterAll(() => database.close());

  const item = (parent: string, position: number, type: 'todoBox' | 'todoText' = 'todoText') =>
    insertItemRow(database.db, { type, parent, createdBy: owner.id, position });
  const reorder = (
    user: UserRow,
    itemId: string,
    parentId: string,
    extra: { placement?: 'before' | 'after'; anchorId?: string } = {},
  ) =>
    database.db
      .transaction()
      .execute((trx) => reorderItem(trx, access, { user, itemId, parentId, at: 7, ...extra }));

  it('puts the item before its first sibling and answers who sees it', async () => {
    const box = await item(root, 1024, 'todoBox');
    const [a, b, c] = [await item(box, 1024), await item(box, 2048), await item(box, 3072)];
    expect(await reorder(owner, c, box, { placement: 'before', anchorId: a })).toEqual([
      { userId: owner.id, level: 'owner' },
    ]);
    const moved = await findItem(database.db, c);
    expect(moved?.position).toBe(0);
    expect(moved?.parent_id).toBe(box);
    expect(moved?.updated_at).toBe(7);
    expect((await findItem(database.db, b))?.position).toBe(2048);
  });

  it('answers nothing and changes nothing once the item has left the box', async () => {
    const [from, to] = [await item(root, 1024, 'todoBox'), await item(root, 2048, 'todoBox')];
    const [a, b] = [await item(from, 1024), await item(from, 2048)];
    await database.db.updateTable('items').set({ parent_id: to }).where('id', '=', b).execute();
    expect(await reorder(owner, b, from, { placement: 'before', anchorId: a })).toBeUndefined();
    const after = await findItem(database.db, b);
    expect(after?.parent_id).toBe(to);
    expect(after?.position).toBe(2048);
  });

  it('refuses someone who may only read the box', async () => {
    const box = await item(root, 1024, 'todoBox');
    const [a, b] = [await item(box, 1024), await item(box, 2048)];
    await database.db
      .insertInto('item_users')
      .values({ item_id: box, user_id: reader.id, level: 'readonly', created_at: 1 })
      .execute();
    await expect(reorder(reader, b, box, { placement: 'before', anchorId: a })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await findItem(database.db, b))?.position).toBe(2048);
  });
});
