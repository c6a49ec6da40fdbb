import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { seenBoxesSql } from './access.contract.js';

/**
 * How SQLite walks down the caller's boxes when a query reads `seen_boxes` twice (the
 * Organizer's lists, tag searches): through the sub-box index alone. PostgreSQL plans from
 * its statistics, which an empty test database does not have, so only SQLite's plan is fixed.
 */
describe.runIf(testEngine === 'sqlite')('the walk down the boxes on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(() => database.close());

  it('reads the sub-boxes from their covering index, never from an index built per query', async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan ${seenBoxesSql('user-1')}
      select i.id from items i
      where i.parent_id in (select id from seen_boxes) or i.id in (select id from seen_boxes)`.execute(
      database.db,
    );
    const details = rows.map((row) => row.detail);
    expect(details).toContainEqual(expect.stringContaining('COVERING INDEX items_box_children_idx'));
    expect(details.filter((detail) => detail.includes('AUTOMATIC'))).toEqual([]);
  });
});
