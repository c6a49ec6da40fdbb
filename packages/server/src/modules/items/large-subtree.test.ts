import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeQueries } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const SUB_BOXES = 100;
const TEXTS_PER_BOX = 999;
/** The box's descendants: 100 sub-boxes of 999 texts each, 100,000 in all. */
const DESCENDANTS = SUB_BOXES * (TEXTS_PER_BOX + 1);
/** Texts of the subtree ranked in the Organizer. */
const RANKED = 10_000;

describe(`work on a subtree of ${DESCENDANTS.toLocaleString('en')} items on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let big: string;
  let deepBox: string;
  let rankedText: string;
  const { ok } = signedInApp((app, user) => {
    [t, ann] = [app, user];
  });

  beforeAll(async () => {
    ({ Big: big } = await tree(t, ann, { Big: [] }));
    // Written straight into the database, 500 rows a statement: through the API it would take minutes.
    const now = Date.now();
    const rows: {
      id: string;
      type: 'todoBox' | 'todoText';
      title: string;
      parent_id: string;
      position: number;
    }[] = [];
    for (let b = 0; b < SUB_BOXES; b++) {
      const box = newId();
      rows.push({ id: box, type: 'todoBox', title: `Sub ${b}`, parent_id: big, position: b + 1 });
      for (let n = 0; n < TEXTS_PER_BOX; n++) {
        rows.push({
          id: newId(),
          type: 'todoText',
          title: `Text ${b}.${n}`,
          parent_id: box,
          position: n + 1,
        });
      }
    }
    const { db } = t.database;
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < rows.length; at += 500) {
        await trx
          .insertInto('items')
          .values(
            rows
              .slice(at, at + 500)
              .map((row) => ({ ...row, created_by: ann.id, created_at: now, updated_at: now })),
          )
          .execute();
      }
    });
    deepBox = rows.at(-1 - TEXTS_PER_BOX)?.id ?? '';
    rankedText = rows.at(-1)?.id ?? '';
    await ok('PUT', '/api/items/update-priority', { itemId: rankedText, priority: 16_384 });
    // Ranked in the Organizer too: what a completion clears, and its undo gives back.
    const ranked = rows.filter((row) => row.type === 'todoText').slice(0, RANKED);
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < ranked.length; at += 500)
        await trx
          .insertInto('user_items')
          .values(
            ranked.slice(at, at + 500).map((row, index) => ({
              user_id: ann.id,
              item_id: row.id,
              prioritizable: 1,
              priority: (at + index + 2) * 16_384,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
    });
    await ok('POST', '/api/items/create-pane', { itemId: deepBox, pos: 0 });
  }, 120_000);
  const timings: Record<string, number> = {};
  afterAll(() => {
    console.info(`large subtree on ${testEngine}, ms:`, JSON.stringify(timings));
  });

  const count = async (where: 'completed' | 'priority') => {
    const { db } = t.database;
    if (where === 'completed') {
      const row = await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('completed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const row = await db
      .selectFrom('user_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('priority', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  let completionUndoId = '';

  it('completes the box and everything inside it, clearing their priorities', async () => {
    expect(await count('priority')).toBe(RANKED + 1);
    const started = performance.now();
    const res = await t.request('/api/items/complete', {
      method: 'PUT',
      headers: { authorization: `Bearer ${ann.token}` },
      json: { itemId: big },
    });
    timings.complete = performance.now() - started;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Item).completed).toBe(true);
    completionUndoId = res.headers.get('x-undo-id') ?? '';
    expect(await count('completed')).toBe(DESCENDANTS + 1);
    expect(await count('priority')).toBe(0);
  }, 120_000);

  it('undoes that completion: everything reopens and every rank comes back', async () => {
    let queries = 0;
    const stopCounting = observeQueries(t.database.db, () => {
      queries += 1;
    });
    const started = performance.now();
    await ok('POST', '/api/undo/undo-action', { undoId: completionUndoId });
    timings.undoComplete = performance.now() - started;
    stopCounting();
    timings.undoQueries = queries;
    // Set-based: a statement per thousand items (and per 250 ranks), never one per row
    // (row by row it took over 10,000).
    expect(queries).toBeLessThan(1_000);
    expect(await count('completed')).toBe(0);
    expect(await count('priority')).toBe(RANKED + 1);
    const rank = await t.database.db
      .selectFrom('user_items')
      .select('priority')
      .where('item_id', '=', rankedText)
      .executeTakeFirstOrThrow();
    expect(rank.priority).toBe(16_384);
  }, 120_000);

  it('archives the box, closing the panes that show anything inside it', async () => {
    const before = await t.database.db
      .selectFrom('panes')
      .select('item_id')
      .where('item_id', '=', deepBox)
      .execute();
    expect(before).toHaveLength(1);
    const archived = await ok<Item>('DELETE', `/api/items/archive?itemId=${big}`);
    expect(archived.archivedDate).not.toBeNull();
    const after = await t.database.db
      .selectFrom('panes')
      .select('item_id')
      .where('item_id', '=', deepBox)
      .execute();
    expect(after).toHaveLength(0);
  }, 120_000);
});
