import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../clock.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../../test/factories.js';
import { testEngine } from '../../../test/test-database.js';
import type { NewTreeItem } from '../items.contract.js';
import { discardAbandonedStaging, discardStagedTree, STAGING_KEPT_MS, stageTree } from './insert-tree.js';

const AT = Date.UTC(2026, 10, 28, 9, 0);

/** A box holding one text, as an importer's tree. */
const tree: NewTreeItem[] = [
  { parent: null, itemType: 'todoBox', boxType: 'todo', title: 'Garden' },
  { parent: 0, itemType: 'todoText', boxType: 'todo', title: 'Plant the tulips' },
].map((item) => ({
  completedAt: null,
  archivedAt: null,
  autoArchive: null,
  targetDate: null,
  recurrence: null,
  settings: null,
  createdAt: AT,
  personal: { favourited: false, prioritizable: false, priority: null, markedForToday: false },
  ...item,
})) as NewTreeItem[];

describe(`staged trees on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp({ now: fixedClock(AT) });
    me = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const rowsOf = (ids: readonly string[]) =>
    t.database.db.selectFrom('items').select('id').where('id', 'in', ids).execute();

  it('discards a tree that will not be placed, with its items', async () => {
    const { stagingId, ids } = await stageTree(t.database.db, me.id, [tree], AT);
    expect(await rowsOf([stagingId, ...ids])).toHaveLength(3);
    await discardStagedTree(t.database.db, stagingId);
    expect(await rowsOf([stagingId, ...ids])).toHaveLength(0);
  });

  it("removes what a dead import left, once it is old enough, and never a person's Workspace", async () => {
    const { stagingId, ids } = await stageTree(t.database.db, me.id, [tree], AT);
    expect(await discardAbandonedStaging(t.database.db, AT + STAGING_KEPT_MS - 1)).toBe(0);
    expect(await rowsOf([stagingId, ...ids])).toHaveLength(3);
    expect(await discardAbandonedStaging(t.database.db, AT + STAGING_KEPT_MS + 1)).toBe(1);
    expect(await rowsOf([stagingId, ...ids, me.root])).toEqual([{ id: me.root }]);
  });
});
