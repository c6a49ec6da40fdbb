import type { Item } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { TREE_LOCK_KEY } from './tree-locks.repository.js';

const BOXES = 20;
const MOVES = 200;

describe(`the item tree stays a tree under concurrent moves on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  const { send, ok } = signedInApp((app, user) => {
    [t, ann] = [app, user];
  });

  /** `count` boxes side by side in the Workspace, `<label> 0` first. */
  const boxes = async (count: number, label: string): Promise<string[]> =>
    Object.values(
      await tree(
        t,
        ann,
        Array.from({ length: count }, (_, n) => ({ [`${label} ${n}`]: [] })),
      ),
    );

  /** Boxes whose parent chain does not reach a root within as many steps as there are items. */
  async function boxesInCycles(): Promise<string[]> {
    const rows = await t.database.db.selectFrom('items').select(['id', 'parent_id']).execute();
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    return rows
      .filter((row) => {
        let at: string | null | undefined = row.id;
        for (let step = 0; step <= rows.length; step++) {
          at = parentOf.get(at);
          if (!at) return false;
        }
        return true;
      })
      .map((row) => row.id);
  }

  const move = (itemId: string, newParentItemId: string) =>
    send('PUT', '/api/items/move-to-new-parent', { itemId, newParentItemId });

  it.runIf(testEngine === 'postgres')(
    'reorders within a box while a move between boxes holds the tree, without waiting for it',
    async () => {
      const [box] = (await boxes(1, 'reordered')) as [string];
      const texts: string[] = [];
      for (const title of ['one', 'two', 'three'])
        texts.push(
          (
            await ok<Item>('POST', '/api/items/create-item', {
              parentItemId: box,
              itemType: 'todoText',
              title,
            })
          )._id,
        );
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const lockHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = t.database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`.execute(trx);
        held();
        await released;
      });
      await lockHeld;
      const reorder = send('PUT', '/api/items/move-within-pane', {
        draggableItemId: texts[2],
        droppableItemId: box,
        itemIdAdjacentToDrop: texts[0],
        beforeAfter: 'before',
      });
      // The reorder must answer while the tree stays locked; waiting for the lock would
      // outlast this.
      const outcome = await Promise.race([
        reorder.then((answer) => answer.status),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
      ]);
      release();
      await holder;
      await reorder;
      expect(outcome).toBe(200);
      const order = await t.database.db
        .selectFrom('items')
        .select('title')
        .where('parent_id', '=', box)
        .orderBy('position')
        .execute();
      expect(order.map((row) => row.title)).toEqual(['three', 'one', 'two']);
    },
  );

  it('lets only one of "A into B" and "B into A" sent at once succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = (await boxes(2, `pair ${round}`)) as [string, string];
      const answers = await Promise.all([move(a, b), move(b, a)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.status === 400);
      expect((await refused?.json())?.error.message).toBe(
        'A box cannot be moved into itself or into one of the boxes inside it.',
      );
    }
    expect(await boxesInCycles()).toEqual([]);
  });

  it(`answers ${MOVES} random concurrent moves among ${BOXES} boxes, leaves no cycle, and health stays prompt`, async () => {
    const ids = await boxes(BOXES, 'mover');
    // A fixed sequence of pseudo-random pairs (a linear congruential generator): the same run every time.
    let seed = 20_261_124;
    const pick = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return ids[seed % ids.length] as string;
    };
    const pairs = Array.from({ length: MOVES }, () => [pick(), pick()] as const);

    let moving = true;
    const healthTimes: number[] = [];
    const health = (async () => {
      while (moving) {
        const started = performance.now();
        const answer = await t.request('/api/health');
        healthTimes.push(performance.now() - started);
        expect(answer.status).toBe(200);
      }
    })();
    const statuses = await Promise.all(pairs.map(async ([item, box]) => (await move(item, box)).status));
    moving = false;
    await health;

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 400]));
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
    expect(await boxesInCycles()).toEqual([]);
  }, 120_000);

  it('answers promptly about items in a cycle written straight into the database', async () => {
    const [a, b, c] = (await boxes(3, 'corrupt')) as [string, string, string];
    // Bypass the service, as a bad restore or a manual edit could: a into b, b into a.
    await sql`update items set parent_id = ${b} where id = ${a}`.execute(t.database.db);
    await sql`update items set parent_id = ${a} where id = ${b}`.execute(t.database.db);

    const started = performance.now();
    // Nobody is linked above the cycle, so the item is nobody's: not found, not a hang.
    expect((await send('GET', `/api/items/get-item?itemId=${a}`)).status).toBe(404);
    const search = await ok<unknown[]>('POST', '/api/items/search-items', { searchTerm: 'corrupt' });
    expect(search).toHaveLength(1);
    // Moving a healthy box into the cycle is refused with a clear message, never looped on.
    const refused = await move(c, a);
    expect(refused.status).toBe(404);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await t.request('/api/health')).status).toBe(200);

    // The owner links one of them again: the walk up from the other stops, answering 409.
    await sql`insert into item_users (item_id, user_id, level, created_at) values (${a}, ${ann.id}, 'owner', 0)`.execute(
      t.database.db,
    );
    const intoCycle = await move(c, b);
    expect(intoCycle.status).toBe(409);
    expect((await intoCycle.json()).error.message).toBe(
      'This box cannot be changed: its place in the tree of boxes is broken.',
    );
  });
});
