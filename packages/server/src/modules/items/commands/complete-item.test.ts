import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { createUser, insertItemRow, rootBoxOf } from '../../../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { findItem } from '../items.repository.js';
import { upsertUserItem } from '../personal-state.repository.js';
import { completeItem } from './complete-item.js';

describe(`completeItem on ${testEngine}`, () => {
  let database: TestDatabase;
  let user: UserRow;
  let root: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    user = await createUser(database.db);
    root = await rootBoxOf(database.db, user.id);
  });
  afterAll(() => database.close());

  it('completes a box and everything inside it, taking them out of the Organizer, together', async () => {
    const { db } = database;
    const box = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const sub = await insertItemRow(db, { type: 'todoBox', parent: box, createdBy: user.id });
    const text = await insertItemRow(db, { type: 'todoText', parent: sub, createdBy: user.id });
    await upsertUserItem(db, user.id, text, { prioritizable: 1, priority: 16384, marked_for_today: 1 }, 1);

    const { changed, cleared } = await db.transaction().execute((trx) =>
      completeItem(trx, {
        item: { id: box, type: 'todoBox', completed_at: null },
        completed: true,
        at: 11,
      }),
    );
    expect(changed.sort()).toEqual([box, sub, text].sort());
    expect(cleared).toEqual([{ user_id: user.id, item_id: text, priority: 16384, marked_for_today: 1 }]);
    for (const id of changed) expect((await findItem(db, id))?.completed_at).toBe(11);
    expect(
      await db
        .selectFrom('user_items')
        .select(['priority', 'marked_for_today', 'prioritizable'])
        .where('item_id', '=', text)
        .executeTakeFirst(),
    ).toEqual({ priority: null, marked_for_today: 0, prioritizable: 1 });

    // Taking completion back reopens the box alone.
    expect(
      await db.transaction().execute((trx) =>
        completeItem(trx, {
          item: { id: box, type: 'todoBox', completed_at: 11 },
          completed: false,
          at: 12,
        }),
      ),
    ).toEqual({ changed: [box], cleared: [] });
    expect((await findItem(db, box))?.completed_at).toBeNull();
    expect((await findItem(db, text))?.completed_at).toBe(11);
  });

  it('leaves what was done already as it was, with its own completion time and its state untouched', async () => {
    const { db } = database;
    const box = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const done = await insertItemRow(db, { type: 'todoText', parent: box, createdBy: user.id });
    const open = await insertItemRow(db, { type: 'todoText', parent: box, createdBy: user.id });
    await db.updateTable('items').set({ completed_at: 5, updated_at: 5 }).where('id', '=', done).execute();
    await upsertUserItem(db, user.id, done, { favourited: 1 }, 5);
    const { changed } = await db.transaction().execute((trx) =>
      completeItem(trx, {
        item: { id: box, type: 'todoBox', completed_at: null },
        completed: true,
        at: 21,
      }),
    );
    expect(changed.sort()).toEqual([box, open].sort());
    expect(await findItem(db, done)).toMatchObject({ completed_at: 5, updated_at: 5 });
    expect(
      await db.selectFrom('user_items').select('updated_at').where('item_id', '=', done).executeTakeFirst(),
    ).toEqual({ updated_at: 5 });
    expect((await findItem(db, open))?.completed_at).toBe(21);
  });

  it('changes nothing when the transaction fails half-way', async () => {
    const { db } = database;
    const box = await insertItemRow(db, { type: 'todoBox', parent: root, createdBy: user.id });
    const text = await insertItemRow(db, { type: 'todoText', parent: box, createdBy: user.id });
    await expect(
      db.transaction().execute(async (trx) => {
        await completeItem(trx, {
          item: { id: box, type: 'todoBox', completed_at: null },
          completed: true,
          at: 13,
        });
        throw new Error('after the command');
      }),
    ).rejects.toThrow('after the command');
    expect((await findItem(db, text))?.completed_at).toBeNull();
  });
});
