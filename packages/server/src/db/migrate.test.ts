import { SYSTEM_USER } from '@nestbox/shared/constants';
import { type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, migratorFor, type TestDatabase, testEngine } from '../test/test-database.js';
import { openDatabase } from './connection.js';
import { MIGRATION_PROVIDER, migrateToLatest } from './migrate.js';
import { runBaseSeed } from './seeds/base-seed.js';

const TABLES = [
  'users',
  'account_tokens',
  'items',
  'item_users',
  'user_items',
  'panes',
  'reminders',
  'reminder_events',
  'slack_accounts',
  'slack_events',
  'revoked_tokens',
  'used_captchas',
  'undo_entries',
  'undo_entry_rows',
  'api_tokens',
  'calendar_feeds',
  'audit_events',
  'item_completions',
  'item_tags',
  'push_subscriptions',
  'item_changes',
  'caldav_objects',
  'two_factor',
  'two_factor_recovery_codes',
  'oidc_identities',
  'import_keys',
  'item_events',
  'attachments',
];

const MIGRATIONS = [
  '0001-initial',
  '0002-sibling-order',
  '0003-open-boxes-in',
  '0004-box-children',
  '0006-root-box-links',
  '0007-account-security',
  '0008-value-sets',
  '0009-undo',
  '0010-inbox',
  '0011-shortcuts',
  '0012-api-tokens',
  '0013-calendar-feeds',
  '0014-audit-events',
  '0015-recurrence',
  '0016-tags',
  '0017-push-subscriptions',
  '0018-covering-box-children',
  '0019-color-scheme',
  '0020-push-subscription-owners',
  '0021-import-keys',
  '0022-upcoming-dates',
  '0023-item-notes',
  '0024-search-index',
  '0025-item-changes',
  '0026-caldav-objects',
  '0027-two-factor',
  '0028-oidc-identities',
  '0029-passkeys',
  '0030-comments',
  '0031-mentions',
  '0032-item-events',
  '0033-attachments',
  '0034-target-has-time',
  '0035-search-title-start',
  '0036-organizer-keys',
];

describe(`database on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('creates the whole data model, and running the migrations again changes nothing', async () => {
    database = await createTestDatabase();
    expect(await migrateToLatest(database.db)).toEqual(MIGRATIONS);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it.runIf(testEngine === 'postgres')(
    "migrates a fresh schema beside another schema's migrated tables in the same database",
    async () => {
      const neighbour = await createTestDatabase();
      try {
        await migrateToLatest(neighbour.db);
        database = await createTestDatabase();
        // Kysely alone would take the neighbour's migration table for this schema's.
        expect(await migrateToLatest(database.db)).toEqual(MIGRATIONS);
      } finally {
        await neighbour.close();
      }
    },
  );

  it('seeds the system user once, however often the base seed runs', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    await runBaseSeed(database.db);
    const users = await database.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: SYSTEM_USER.id, name: 'System', locale: 'en-GB', is_admin: 0 });
  });

  it('applies pending migrations all or nothing: a failure leaves schema and data as they were', async () => {
    database = await createTestDatabase();
    const { db, pgSchema } = database;
    const migratorWith = (migrations: Record<string, Migration>) =>
      new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
      });
    const all = await MIGRATION_PROVIDER.getMigrations();
    const last = MIGRATIONS.indexOf('0012-api-tokens');
    await migratorWith(all).migrateTo('0012-api-tokens');
    await runBaseSeed(db);
    const broken: Migration = {
      up: async (trx) => {
        await sql`update users set name = 'Changed'`.execute(trx);
        await sql`select * from no_such_table`.execute(trx);
      },
    };
    const { error } = await migratorWith({ ...all, '9999-broken': broken }).migrateToLatest();
    expect(error).toBeDefined();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(MIGRATIONS.slice(0, last + 1));
    const tables = (await db.introspection.getTables())
      .filter((table) => !pgSchema || table.schema === pgSchema)
      .map((table) => table.name);
    expect(tables).not.toContain('calendar_feeds');
    expect(tables).not.toContain('audit_events');
    expect(tables).not.toContain('item_tags');
    expect(await db.selectFrom('users').select('name').execute()).toEqual([{ name: 'System' }]);
    // What failed runs again, whole, once it is fixed.
    expect(await migrateToLatest(db)).toEqual(MIGRATIONS.slice(last + 1));
    // A ceiling, not a wait: on PostgreSQL, Kysely's migration lock is one advisory lock for
    // the whole database, so each of these three runs waits its turn behind the suites that
    // migrate their own schemas meanwhile (3.9 s alone; over 20 s once on a loaded machine).
  }, 60_000);

  it('enforces foreign keys and cascades deletes from a box to its children', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    const { db } = database;
    const base = { type: 'todoBox' as const, created_by: SYSTEM_USER.id, created_at: 1, updated_at: 1 };
    await expect(
      db
        .insertInto('items')
        .values({ ...base, id: 'orphan', parent_id: 'missing' })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('items')
      .values({ ...base, id: 'box' })
      .execute();
    await db
      .insertInto('items')
      .values({ ...base, id: 'child', type: 'todoText', parent_id: 'box' })
      .execute();
    await db.deleteFrom('items').where('id', '=', 'box').execute();
    expect(await db.selectFrom('items').select('id').execute()).toEqual([]);
  });

  it('keeps epoch milliseconds and fractions exact', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    const { db } = database;
    const at = 4_102_444_800_123; // 2100-01-01T00:00:00.123Z, beyond 32 bits
    await db
      .insertInto('items')
      .values({
        id: 'i',
        type: 'todoText',
        created_by: SYSTEM_USER.id,
        created_at: at,
        updated_at: at,
        position: 1 / 3,
      })
      .execute();
    const row = await db.selectFrom('items').select(['created_at', 'position']).executeTakeFirstOrThrow();
    expect(row.created_at).toBe(at);
    expect(row.position).toBe(1 / 3);
  });

  it('runs a multi-row change as one transaction: a failure leaves nothing behind', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    await runBaseSeed(database.db);
    const { db } = database;
    const item = { type: 'todoBox' as const, created_by: SYSTEM_USER.id, created_at: 1, updated_at: 1 };
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('items')
          .values({ ...item, id: 'a' })
          .execute();
        await trx
          .insertInto('items')
          .values({ ...item, id: 'a' })
          .execute();
      }),
    ).rejects.toThrow();
    expect(await db.selectFrom('items').select('id').execute()).toEqual([]);
  });
});

describe(`fixed value sets on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('puts values outside a set back to the default, then refuses them on insert and update', async () => {
    const fresh = await createTestDatabase();
    database = fresh;
    const { db } = fresh;
    const migrator = (upTo: string) => migratorFor(fresh).migrateTo(upTo);
    await migrator('0007-account-security');
    await runBaseSeed(db);
    const at = { created_by: SYSTEM_USER.id, created_at: 1, updated_at: 1 };
    // Written by an older version: a box type and a level no version shows.
    await sql`insert into items (id, type, box_type, created_by, created_at, updated_at)
      values ('old', 'todoBox', 'chooser', ${at.created_by}, 1, 1)`.execute(db);
    await sql`insert into item_users (item_id, user_id, level, created_at)
      values ('old', ${SYSTEM_USER.id}, 'superuser', 1)`.execute(db);
    await migrator('0008-value-sets');
    expect(
      await db.selectFrom('items').select('box_type').where('id', '=', 'old').executeTakeFirst(),
    ).toEqual({
      box_type: 'todo',
    });
    expect(
      await db.selectFrom('item_users').select('level').where('item_id', '=', 'old').executeTakeFirst(),
    ).toEqual({
      level: 'readonly',
    });
    await expect(
      sql`insert into items (id, type, created_by, created_at, updated_at)
        values ('new', 'chooser', ${at.created_by}, 1, 1)`.execute(db),
    ).rejects.toThrow(/type/);
    await expect(
      sql`update item_users set level = 'superuser' where item_id = 'old'`.execute(db),
    ).rejects.toThrow(/level/);
    await expect(sql`update users set open_boxes_in = 'elsewhere'`.execute(db)).rejects.toThrow(
      /open_boxes_in/,
    );
    // Empty stays allowed where the column may be empty.
    await sql`update items set auto_archive_duration = null where id = 'old'`.execute(db);
  });
});

describe.runIf(testEngine === 'sqlite')('SQLite durability settings', () => {
  it('uses WAL, durable commits and foreign keys, and keeps data across reopening', async () => {
    const database = await createTestDatabase();
    try {
      await migrateToLatest(database.db);
      await runBaseSeed(database.db);
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as Record<string, unknown>,
        )[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);

      const again = openDatabase({ sqliteFile: database.location });
      try {
        expect(await migrateToLatest(again.db)).toEqual([]);
        const system = await again.db.selectFrom('users').select('name').executeTakeFirst();
        expect(system?.name).toBe('System');
      } finally {
        await again.close();
      }
    } finally {
      await database.close();
    }
  });
});
