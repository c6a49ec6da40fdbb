import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { describeEventLoop, watchEventLoop } from '../../test/event-loop-watch.js';
import { createSignedInUser, insertItemRow, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { appendTexts } from '../items/items.service.js';

const DAY = 86_400_000;
/** 2030-01-01T00:00Z: the dates of this test are fixed. */
const START = Date.UTC(2030, 0, 1);
const ITEMS = 50_000;

describe(`a 50,000-item export on ${testEngine}`, () => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await createSignedInUser(t);
    const box = await insertItemRow(t.database.db, {
      type: 'todoBox',
      parent: user.root,
      createdBy: user.id,
      title: 'Big',
      position: 1,
    });
    await appendTexts(t.database.db, {
      parentId: box,
      createdBy: user.id,
      titles: Array.from({ length: ITEMS }, (_, i) => `Call Anna about the kitchen ${i}`),
      now: START,
    });
    await sql`update items set target_date = ${START} + (cast(position as bigint) / 1024 % 365) * ${DAY}
      where parent_id = ${box}`.execute(t.database.db);
    // PostgreSQL's autovacuum gathers statistics after such a bulk write.
    if (testEngine === 'postgres') await sql`analyze items`.execute(t.database.db);
  }, 120_000);
  afterAll(() => t.close());

  for (const format of ['csv', 'opml', 'json'] as const)
    it(`streams ${format} without holding the event loop`, { timeout: 120_000 }, async () => {
      const watch = watchEventLoop();
      const started = performance.now();
      const res = await t.request(`/api/export?format=${format}`, {
        headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'identity' },
      });
      const text = await res.text();
      const took = performance.now() - started;
      const loop = await watch.stop();
      expect(res.status).toBe(200);
      expect(text).toContain(`Call Anna about the kitchen ${ITEMS - 1}`);
      console.info(`50,000-item ${format} export: ${Math.round(took)} ms; ${describeEventLoop(loop)}`);
      // Read from SQLite without a turn of the loop, a CSV export held it 450 ms of work here.
      expect(loop.longestBusyGap).toBeLessThan(200);
      expect(loop.maxDelay).toBeLessThan(1000);
    });
});
