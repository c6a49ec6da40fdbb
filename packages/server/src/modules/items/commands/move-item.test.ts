import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { createUser, insertItemRow, rootBoxOf } from '../../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { type AccessService, createAccessService } from '../../access/access.service.js';
import { createHistoryService } from '../../history/history.service.js';
import { createItemHistory, type ItemHistory } from '../item-history.js';
import { findItem } from '../items.repository.js';
import { moveItem } from './move-item.js';

describe(`moveItem on ${testEngine}`, () => {
  let database: TestDatabase;
  let access: AccessService;
  let history: ItemHistory;
  let owner: UserRow;
  let editor: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    access = createAccessService({ db: database.db });
    history = createItemHistory(createHistoryService({ db: database.db, access, now: () => 5 }).record);
    owner = await createUser(database.db);
    editor = await createUser(database.db);
    root = await rootBoxOf(database.db, owner.id);
  });
  afterAll(() => database.close());

  const box = (parent: string, position = 1024) =>
    insertItemRow(database.db, { type: 'todoBox', parent, createdBy: owner.id, position });
  const move = (
    user: UserRow,
    itemId: string,
    parentId: string,
    extra: { placement?: 'before' | 'after'; anchorId?: string } = {},
  ) =>
    database.db.transaction().execute(async (trx) => {
      const item = await findItem(trx, itemId);
      if (!item) throw new Error('no item');
      const level = (await access.levelOf(user.id, itemId, trx)) ?? 'readonly';
      return moveItem(trx, access, { user, item, level, history, parentId, at: 5, ...extra });
    });

  it('puts the item between two siblings and answers who saw it before', async () => {
    const target = await box(root);
    const [a, b] = [await box(target, 1024), await box(target, 2048)];
    const moving = await box(root);
    const before = await move(owner, moving, target, { placement: 'after', anchorId: a });
    expect(before).toEqual([{ userId: owner.id, level: 'owner' }]);
    const moved = await findItem(database.db, moving);
    expect(moved?.parent_id).toBe(target);
    expect(moved?.position).toBe(1536);
    expect(moved?.updated_at).toBe(5);
    expect((await findItem(database.db, b))?.position).toBe(2048);
  });

  it('refuses a box moved into itself or below itself, and a Workspace, changing nothing', async () => {
    const outer = await box(root);
    const inner = await box(outer);
    await expect(move(owner, outer, inner)).rejects.toMatchObject({ code: 'items.move.intoItself' });
    await expect(move(owner, outer, outer)).rejects.toMatchObject({ code: 'items.move.intoItself' });
    await expect(move(owner, root, outer)).rejects.toMatchObject({ code: 'items.move.rootBox' });
    expect((await findItem(database.db, outer))?.parent_id).toBe(root);
  });

  it('lets an editor move only among boxes seen by the same people', async () => {
    const shared = await box(root);
    const inside = await box(shared);
    const other = await box(shared);
    await database.db
      .insertInto('item_users')
      .values({ item_id: shared, user_id: editor.id, level: 'editor', created_at: 1 })
      .execute();
    await move(editor, inside, other);
    expect((await findItem(database.db, inside))?.parent_id).toBe(other);
    // Out of the shared box into the editor's own Workspace would unshare it: owners only.
    const editorRoot = await rootBoxOf(database.db, editor.id);
    await expect(move(editor, inside, editorRoot)).rejects.toMatchObject({
      statusCode: 403,
      code: 'items.move.acrossShares',
    });
    expect((await findItem(database.db, inside))?.parent_id).toBe(other);
  });
});
