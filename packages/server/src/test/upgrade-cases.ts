import { DEMO_EMAILS } from '@nestbox/shared/admin/admin.schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_PROVIDER, migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { runBaseSeed } from '../db/seeds/base-seed.js';
import { runFullSeed } from '../db/seeds/full-seed.js';
import { createTestDatabase, migratorFor, type TestDatabase, testEngine } from './test-database.js';

/** Every migration, in the order the server runs them. */
const MIGRATIONS = Object.keys(await MIGRATION_PROVIDER.getMigrations());
const FIRST_RELEASE = '0001-initial';

const AT = 1_767_290_400_000; // 2026-01-01T18:00:00Z, after some demo reminders fired
const DAY = 86_400_000;
const user = (email: string) => sql`(select id from users where email = ${email})`;
const item = (title: string) => sql`(select id from items where title = ${title})`;
const { alice, bob, camille } = DEMO_EMAILS;

/**
 * Data that puts to use what each migration added, written right after it in SQL of that
 * schema, on top of the full demo. Migrations that add only indexes (0002, 0004), repair
 * data (0006), add checks (0008) or derive rows from titles (0016, checked below) give a row
 * nothing new to hold.
 */
const POPULATE: Record<string, RawBuilder<unknown>[]> = {
  '0001-initial': [
    sql`update users set workspace_split = 2, tooltips_enabled = 0, default_show_completed = 1,
      default_auto_add_to_unprioritized = 1, reminder_emails = 1, prioritized_split_percentage = 62.5,
      unprioritized_order_by = 'itemTitle', unprioritized_order_dir = 'asc', location = 'Rennes',
      occupation = 'Teacher', token_version = 3 where email = ${alice}`,
    sql`update items set archived_at = ${AT}, auto_archive_amount = 2, auto_archive_duration = 'weeks',
      auto_archive_at = ${AT + 14 * DAY} where title = 'Submit expenses'`,
    sql`update items set box_type = 'any' where title = 'Groceries'`,
    sql`update reminders set repeat = 1, linked_directly_to_target_date = 1
      where item_id = ${item('Book the ferry')}`,
    sql`update reminder_events set unread = 0, dismissed_at = ${AT}`,
    sql`insert into item_users (item_id, user_id, level, created_at)
      values (${item('Groceries')}, ${user(camille)}, 'readonly', ${AT})`,
    sql`insert into panes (id, user_id, position, type, search_term, search_scope, include_archived,
        include_completed, width, created_at)
      values ('pane-search', ${user(camille)}, 3, 'search', 'facture', 'workspace', 1, 1, 520, ${AT})`,
    sql`insert into account_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
      values ('token-reset', ${user(bob)}, 'password_reset', 'hash-reset', ${AT + DAY}, ${AT})`,
    sql`insert into slack_accounts (id, user_id, team_id, team_name, slack_user_id, slack_user_name,
        access_token_enc, inbox_item_id, created_at)
      values ('slack-alice', ${user(alice)}, 'T1', 'Demo team', 'U1', 'alice', 'sealed', ${item('Work')}, ${AT})`,
    sql`insert into slack_events (event_id, received_at) values ('Ev1', ${AT})`,
  ],
  '0003-open-boxes-in': [sql`update users set open_boxes_in = 'samePane' where email = ${bob}`],
  '0007-account-security': [
    sql`update users set email_verified_at = ${AT}, pending_email = 'alice@new.example',
      pending_email_expires_at = ${AT + DAY} where email = ${alice}`,
    sql`insert into revoked_tokens (token_id, user_id, expires_at) values ('jti-1', ${user(alice)}, ${AT + DAY})`,
    sql`insert into used_captchas (signature, expires_at) values ('captcha-1', ${AT + DAY})`,
  ],
  '0009-undo': [
    sql`insert into undo_entries (id, user_id, kind, payload, created_at, expires_at)
      values ('undo-1', ${user(alice)}, 'items.complete', '{}', ${AT}, ${AT + DAY})`,
    sql`insert into undo_entry_rows (entry_id, seq, rows) values ('undo-1', 0, '[]')`,
  ],
  '0010-inbox': [sql`update users set inbox_item_id = ${item('Work')} where email = ${alice}`],
  '0011-shortcuts': [sql`update users set shortcuts_enabled = 0 where email = ${bob}`],
  '0012-api-tokens': [
    sql`insert into api_tokens (id, user_id, name, scope, token_hash, token_version, last_used_at, created_at)
      values ('api-1', ${user(alice)}, 'Script', 'read', 'hash-api', 3, ${AT}, ${AT})`,
  ],
  '0013-calendar-feeds': [
    sql`insert into calendar_feeds (user_id, secret_hash, created_at) values (${user(alice)}, 'hash-feed', ${AT})`,
  ],
  '0014-audit-events': [
    sql`insert into audit_events (id, type, user_id, ip, user_agent, details, created_at)
      values ('audit-1', 'auth.login', ${user(alice)}, '192.0.2.1', 'Firefox', '{}', ${AT})`,
  ],
  '0015-recurrence': [
    sql`update items set recurrence_rule = 'FREQ=WEEKLY;BYDAY=MO', recur_from_completion = 1,
      recurrence_done = 2 where id = ${item('Work')}`,
    sql`insert into item_completions (id, item_id, user_id, occurrence, completed_at)
      values ('completion-1', ${item('Work')}, ${user(alice)}, ${AT}, ${AT + DAY})`,
  ],
  '0017-push-subscriptions': [
    sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, session_id, token_version,
        session_expires_at, created_at)
      values ('push-1', ${user(alice)}, 'https://fcm.googleapis.com/fcm/send/device-1', 'key', 'secret',
        'jti-2', 3, ${AT + DAY}, ${AT})`,
  ],
  '0019-color-scheme': [sql`update users set color_scheme = 'dark' where email = ${camille}`],
  '0020-push-subscription-owners': [
    sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, session_id, token_version,
        session_expires_at, created_at)
      values ('push-2', ${user(bob)}, 'https://fcm.googleapis.com/fcm/send/device-2', 'key', 'secret',
        'jti-3', 1, ${AT + DAY}, ${AT})`,
    sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, session_id, token_version,
        session_expires_at, created_at)
      values ('push-3', ${user(alice)}, 'https://fcm.googleapis.com/fcm/send/device-2', 'key', 'secret',
        'jti-2', 3, ${AT + DAY}, ${AT})`,
  ],
  '0021-import-keys': [
    sql`insert into import_keys (user_id, key, fingerprint, result, created_at, expires_at)
      values (${user(alice)}, 'retry-1', 'fingerprint', '{"dryRun":false}', ${AT}, ${AT + DAY})`,
  ],
  '0023-item-notes': [sql`update items set note = 'Bring the **blue** bag' where title = 'Groceries'`],
  '0027-two-factor': [
    sql`insert into two_factor (user_id, secret_sealed, enabled_at, last_used_step, created_at)
      values (${user(alice)}, 'iv.tag.sealed', ${AT}, ${Math.floor(AT / 30_000)}, ${AT})`,
    sql`insert into two_factor_recovery_codes (id, user_id, code_hash, used_at, created_at)
      values ('recovery-1', ${user(alice)}, 'hash-recovery', ${AT + DAY}, ${AT})`,
  ],
  '0028-oidc-identities': [
    sql`insert into oidc_identities (id, user_id, issuer, subject, email, last_used_at, created_at)
      values ('oidc-1', ${user(alice)}, 'https://id.example', 'alice-at-id', ${alice}, ${AT}, ${AT})`,
  ],
  '0029-passkeys': [
    sql`insert into passkeys (id, user_id, credential_id, public_key, counter, transports, backed_up, name,
        last_used_at, created_at)
      values ('passkey-1', ${user(alice)}, 'credential-1', 'public-key', 3, '["internal"]', 1, 'Laptop',
        ${AT + DAY}, ${AT})`,
    sql`insert into passkey_challenges (challenge, purpose, user_id, expires_at)
      values ('challenge-1', 'register', ${user(alice)}, ${AT + DAY})`,
  ],
  '0030-comments': [
    sql`insert into comments (id, item_id, author_id, author_name, body, created_at, edited_at)
      values ('comment-1', ${item('Groceries')}, ${user(bob)}, null, 'Oat milk, **not** almond', ${AT}, ${AT + DAY})`,
    sql`insert into comments (id, item_id, author_id, author_name, body, created_at, edited_at)
      values ('comment-2', ${item('Groceries')}, null, 'Dana (imported)', 'Bread too', ${AT + 1}, null)`,
    sql`update items set comment_count = 2 where id = ${item('Groceries')}`,
  ],
  '0031-mentions': [
    sql`insert into mention_events (id, comment_id, user_id, item_id, unread, created_at)
      values ('mention-1', 'comment-1', ${user(alice)}, ${item('Groceries')}, 1, ${AT})`,
  ],
  '0032-item-events': [
    sql`insert into item_events (id, item_id, user_id, kind, details, created_at)
      values ('event-1', ${item('Groceries')}, ${user(bob)}, 'renamed', '{"from":"Shopping","to":"Groceries"}', ${AT})`,
    sql`insert into item_events (id, item_id, user_id, kind, details, created_at)
      values ('event-2', ${item('Groceries')}, null, 'completed', null, ${AT + 1})`,
  ],
  '0033-attachments': [
    sql`insert into attachments (id, item_id, uploader_id, name, type, size, thumbnail, created_at)
      values ('attachment-1', ${item('Groceries')}, ${user(bob)}, 'list.png', 'image/png', 2048, 1, ${AT})`,
    sql`insert into attachments (id, item_id, uploader_id, name, type, size, thumbnail, created_at)
      values ('attachment-2', ${item('Groceries')}, null, 'notes.txt', 'text/plain', 12, 0, ${AT + 1})`,
  ],
  '0034-target-has-time': [
    sql`update items set target_date = ${AT - 18 * 3_600_000}, target_has_time = 1 where id = ${item('Groceries')}`,
  ],
};

/** The tables the full demo fills, in an order that inserts every row after what it points to. */
const DEMO_TABLES = ['users', 'items', 'item_users', 'user_items', 'panes', 'reminders', 'reminder_events'];

type Row = Record<string, unknown>;
type Rows = Record<string, Row[]>;
/** Tables and their columns, as they are at some migration. */
type Shape = Map<string, string[]>;

async function shapeOf(database: TestDatabase): Promise<Shape> {
  const tables = await database.db.introspection.getTables();
  return new Map(
    tables
      .filter((table) => !database.pgSchema || table.schema === database.pgSchema)
      .map((table) => [table.name, table.columns.map((column) => column.name)]),
  );
}

/** Every row of every table in `shape`, those columns only, in a fixed order. */
async function snapshot(db: Kysely<Database>, shape: Shape): Promise<Rows> {
  const rows: Rows = {};
  for (const [table, columns] of shape) {
    const list = sql.join(columns.map((column) => sql.ref(column)));
    rows[table] = (await sql<Row>`select ${list} from ${sql.table(table)} order by ${list}`.execute(db)).rows;
  }
  return rows;
}

/** Parents before their children. */
function parentsFirst(items: Row[]): Row[] {
  const parentOf = new Map(items.map((row) => [row.id, row.parent_id]));
  const depth = (id: unknown): number => {
    const parent = parentOf.get(id);
    return parent ? 1 + depth(parent) : 0;
  };
  return [...items].sort((a, b) => depth(a.id) - depth(b.id));
}

/** Writes the demo's rows into a database at an older schema: the columns it has, no others. */
async function writeDemo(db: Kysely<Database>, shape: Shape, demo: Rows) {
  for (const table of DEMO_TABLES) {
    const columns = shape.get(table);
    const rows = demo[table] ?? [];
    if (!columns || rows.length === 0) continue;
    const ordered = table === 'items' ? parentsFirst(rows) : rows;
    for (const row of ordered) {
      const values = sql.join(columns.map((column) => sql`${row[column] ?? null}`));
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        values (${values})`.execute(db);
    }
  }
}

/**
 * The upgrade test for the migrations the database starts at: `earlier` (the first half,
 * with the first release) or `later`. Each half is a file of its own (db/upgrade*.test.ts),
 * so the two run side by side: every start migrates a fresh database all the way.
 */
export function describeUpgrades(half: 'earlier' | 'later') {
  describe(`upgrading a populated database (${half} starts) on ${testEngine}`, () => {
    let source: TestDatabase | undefined;
    let demo: Rows = {};
    let database: TestDatabase | undefined;

    beforeAll(async () => {
      // The full demo as the latest version writes it; each test keeps what its schema can hold.
      source = await createTestDatabase();
      await migrateToLatest(source.db);
      await runBaseSeed(source.db, AT, {
        admin: { email: 'admin@example.test', passwordHash: 'hash-admin' },
      });
      await source.db.transaction().execute((trx) => runFullSeed(trx, AT, 'hash-demo'));
      demo = await snapshot(source.db, await shapeOf(source));
    });
    afterAll(async () => {
      await source?.close();
    });
    afterEach(async () => {
      await database?.close();
      database = undefined;
    });

    it('has the whole demo to start from', () => {
      expect(MIGRATIONS[0]).toBe(FIRST_RELEASE);
      expect(MIGRATIONS.length).toBeGreaterThan(2);
      expect(demo.users).toHaveLength(5); // system, admin, Alice, Bob, Camille
      expect(demo.items?.length).toBeGreaterThan(50);
      for (const table of DEMO_TABLES) expect(demo[table]?.length, table).toBeGreaterThan(0);
    });

    const middle = Math.ceil(MIGRATIONS.length / 2);
    const starts = (half === 'earlier' ? MIGRATIONS.slice(0, middle) : MIGRATIONS.slice(middle)).map(
      (name) => [name === FIRST_RELEASE ? `${name} (the first release)` : name, name],
    );
    it.each(starts)('keeps every row written at %s through the migrations to the latest', async (_, at) => {
      database = await createTestDatabase();
      const { db } = database;
      const reached = await migratorFor(database).migrateTo(at);
      expect(reached.error).toBeUndefined();
      const shape = await shapeOf(database);
      await writeDemo(db, shape, demo);
      for (const name of MIGRATIONS.slice(0, MIGRATIONS.indexOf(at) + 1))
        for (const statement of POPULATE[name] ?? [])
          expect((await statement.execute(db)).numAffectedRows, name).toBeGreaterThan(0n);
      const before = await snapshot(db, shape);

      expect(await migrateToLatest(db)).toEqual(MIGRATIONS.slice(MIGRATIONS.indexOf(at) + 1));

      // Row by row, every column the old schema had: ids, titles, parents, positions, levels,
      // reminder times, settings.
      expect(await snapshot(db, shape)).toEqual(before);
      // Every demo row was written (POPULATE adds one share and one pane).
      const added: Record<string, number> = { item_users: 1, panes: 1 };
      for (const table of DEMO_TABLES)
        expect(before[table], table).toHaveLength((demo[table]?.length ?? 0) + (added[table] ?? 0));
      if (MIGRATIONS.indexOf(at) < MIGRATIONS.indexOf('0016-tags')) {
        // The texts written before tags existed get theirs, as the latest version writes them.
        const tags = await snapshot(db, new Map([['item_tags', ['item_id', 'name']]]));
        expect(demo.item_tags?.length).toBeGreaterThan(0);
        expect(tags.item_tags).toEqual(demo.item_tags);
      }
      if (MIGRATIONS.indexOf(at) < MIGRATIONS.indexOf('0024-search-index')) {
        // Items written before the search index are found through it, titles and notes alike.
        const indexed =
          testEngine === 'postgres'
            ? sql<{ id: string }>`select id from items where nb_search_text(title, note) like ${'%the%'}`
            : sql<{ id: string }>`select k.item_id as id from item_search s
              join item_search_keys k on k.key = s.rowid where item_search match ${'"the"'}`;
        const scanned = sql<{ id: string }>`select id from items
        where lower(title || ' ' || coalesce(note, '')) like ${'%the%'}`;
        const ids = async (query: typeof indexed) =>
          (await query.execute(db)).rows.map((row) => row.id).sort();
        const expected = await ids(scanned);
        expect(expected.length).toBeGreaterThan(10);
        expect(await ids(indexed)).toEqual(expected);
      }
      if (MIGRATIONS.indexOf(at) < MIGRATIONS.indexOf('0025-item-changes')) {
        // Texts written before the change log are in it, each once, in the box it is in.
        const logged = await sql<{ id: string }>`select t.id from items t
        join item_changes c on c.item_id = t.id and c.box_id = t.parent_id order by t.id`.execute(db);
        const texts = await sql<{ id: string }>`select id from items
        where type = 'todoText' and parent_id is not null order by id`.execute(db);
        expect(texts.rows.length).toBeGreaterThan(10);
        expect(logged.rows).toEqual(texts.rows);
      }
      if (MIGRATIONS.indexOf(at) < MIGRATIONS.indexOf('0036-organizer-keys')) {
        // Personal states written before the Organizer's keys carry their items' keys.
        const { rows } = await sql<Row>`select ui.item_open, ui.item_target_date, ui.item_created_at,
            i.type, i.completed_at, i.archived_at, i.target_date, i.created_at
          from user_items ui join items i on i.id = ui.item_id`.execute(db);
        expect(rows.length).toBeGreaterThan(5);
        expect(rows.some((row) => row.item_open === 1)).toBe(true);
        for (const row of rows)
          expect([row.item_open, row.item_target_date, row.item_created_at].map(Number)).toEqual(
            [
              row.type === 'todoText' && row.completed_at === null && row.archived_at === null ? 1 : 0,
              row.target_date,
              row.created_at,
            ].map(Number),
          );
      }
      if (at === FIRST_RELEASE) {
        // Columns added since read as their defaults.
        const users = await db
          .selectFrom('users')
          .select(['open_boxes_in', 'shortcuts_enabled', 'inbox_item_id', 'color_scheme'])
          .execute();
        expect(new Set(users.map((row) => JSON.stringify(row)))).toEqual(
          new Set([
            JSON.stringify({
              open_boxes_in: 'newPane',
              shortcuts_enabled: 1,
              inbox_item_id: null,
              color_scheme: 'system',
            }),
          ]),
        );
      }
    });
  });
}
