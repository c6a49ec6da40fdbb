import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, insertItemRow, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

/** More matches than search reads from the index in one batch. */
const MANY = 1_200;

/**
 * Search reads its matches from the index newest first, a batch at a time: what lies beyond
 * the first batch must still be found and ranked where it belongs.
 */
describe(`search past its first batch on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;

  /** `count` texts in `parent`, each newer than the last, titled by `title`. */
  async function insertTexts(parent: string, createdBy: string, count: number, title: (n: number) => string) {
    const rows = Array.from({ length: count }, (_, n) => ({
      id: newId(),
      type: 'todoText' as const,
      title: title(n),
      parent_id: parent,
      position: n + 1,
      created_by: createdBy,
      created_at: 2_000_000 + n,
      updated_at: 2_000_000 + n,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await t.database.db
        .insertInto('items')
        .values(rows.slice(at, at + 500))
        .execute();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const me = await createUser(t.database.db);
    token = await tokenFor(t.secrets.jwtSecret, me);
    const root = await rootBoxOf(t.database.db, me.id);
    // The oldest of everything: the only title starting with the word, and a rare word.
    await insertItemRow(t.database.db, {
      type: 'todoText',
      parent: root,
      createdBy: me.id,
      title: 'Report for Q3',
    });
    await insertItemRow(t.database.db, {
      type: 'todoText',
      parent: root,
      createdBy: me.id,
      title: 'Quarterly zephyrine',
    });
    await insertTexts(root, me.id, MANY, (n) => `Weekly report ${n}`);
    // Someone else's private matches, all newer than the caller's.
    const other = await createUser(t.database.db, { email: 'other@example.test' });
    await insertTexts(
      await rootBoxOf(t.database.db, other.id),
      other.id,
      MANY,
      (n) => `Their zephyrine ${n}`,
    );
  });
  afterAll(() => t.close());

  const { ok } = apiCalls(
    () => t,
    () => token,
  );
  const search = (searchTerm: string) =>
    ok<SearchResult[]>('POST', '/api/items/search-items', { searchTerm });

  it('puts the oldest title that starts with the word first, among more matches than a batch', async () => {
    const found = await search('report');
    expect(found).toHaveLength(200);
    expect(found[0]?.title).toBe('Report for Q3');
    // Then the whole-word matches, newest first.
    expect(found[1]?.title).toBe(`Weekly report ${MANY - 1}`);
  });

  it("finds the caller's match behind more of someone else's newer ones than a batch", async () => {
    expect((await search('zephyrine')).map((result) => result.title)).toEqual(['Quarterly zephyrine']);
  });
});
