import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { QUERY_OUTSIDE_TRANSACTION } from './connection.js';
import { migrateToLatest } from './migrate.js';

describe.runIf(process.env.TEST_DB_ENGINE !== 'postgres')(
  'SQLite: a query outside an open transaction',
  () => {
    it('fails at once with a clear message instead of waiting for ever, and changes nothing', async () => {
      const database = await createTestDatabase();
      try {
        const { db } = database;
        await migrateToLatest(db);
        await expect(
          db.transaction().execute(async (trx) => {
            await trx.insertInto('used_captchas').values({ signature: 'a', expires_at: 1 }).execute();
            // The mistake: `db`, not `trx`.
            await db.selectFrom('used_captchas').selectAll().execute();
          }),
        ).rejects.toThrow(QUERY_OUTSIDE_TRANSACTION);
        expect(await db.selectFrom('used_captchas').selectAll().execute()).toEqual([]);
      } finally {
        await database.close();
      }
    });

    it('lets other work wait its turn, and `db` work again once the transaction ends', async () => {
      const database = await createTestDatabase();
      try {
        const { db } = database;
        await migrateToLatest(db);
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const transaction = db.transaction().execute(async (trx) => {
          await trx.insertInto('used_captchas').values({ signature: 'b', expires_at: 1 }).execute();
          await held;
        });
        // Another request, not inside the transaction: it waits, then sees the committed row.
        const reader = db.selectFrom('used_captchas').select('signature').execute();
        release();
        await transaction;
        expect(await reader).toEqual([{ signature: 'b' }]);
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('used_captchas').execute();
        });
        expect(await db.selectFrom('used_captchas').selectAll().execute()).toEqual([]);
      } finally {
        await database.close();
      }
    });
  },
);
