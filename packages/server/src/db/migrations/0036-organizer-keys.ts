import { EARLIEST_DATE_MS, LATEST_DATE_MS } from '@nestbox/shared/dates/date-range';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What orders and filters a person's Organizer, beside their own state of each item in
 * `user_items`: whether the item is an open text (`item_open`: a text, not completed, not
 * archived), its target date (none when out of the range dates can be shown in, as the
 * presenter shows it) and its creation. Copied there by the database itself, in the
 * transaction of every write (whoever writes): when a `user_items` row is inserted, and when
 * any of these change in the item. A page of the Organizer is
 * then a range of an index of `user_items` read in display order, however many items the
 * person has, instead of every item joined and sorted.
 */
const OPEN = (row: string) =>
  `case when ${row}.type = 'todoText' and ${row}.completed_at is null and ${row}.archived_at is null then 1 else 0 end`;
/** Whether one of what is copied changed, compared with `unlike` (null-safe). */
const TARGET = (row: string) =>
  `case when ${row}.target_date between ${EARLIEST_DATE_MS} and ${LATEST_DATE_MS} then ${row}.target_date end`;
const CHANGED = (unlike: string) =>
  ['type', 'completed_at', 'archived_at', 'target_date', 'created_at']
    .map((column) => `old.${column} ${unlike} new.${column}`)
    .join(' or ');

/** The Organizer's indexes: name, columns, and which rows (besides open prioritizable ones). */
const ORGANIZER_INDEXES = [
  // Today: marked for today, read whole (every key in the index, so the table is not read).
  [
    'user_items_organizer_marked_idx',
    'user_id, priority, item_id, item_target_date, item_created_at',
    'marked_for_today = 1 and priority is not null',
  ],
  // Today's dated ones (up to today's end), read whole, and the dated days after it, by date.
  [
    'user_items_organizer_dated_idx',
    'user_id, item_target_date, priority, item_id, item_created_at',
    'marked_for_today = 0 and priority is not null',
  ],
  // Undated, by priority.
  [
    'user_items_organizer_undated_idx',
    'user_id, priority, item_id',
    'marked_for_today = 0 and item_target_date is null and priority is not null',
  ],
  // The Unprioritized list by creation.
  ['user_items_organizer_unranked_idx', 'user_id, item_created_at, item_id', 'priority is null'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table user_items add column item_open integer not null default 0`.execute(db);
  await sql`alter table user_items add column item_target_date bigint`.execute(db);
  await sql`alter table user_items add column item_created_at bigint not null default 0`.execute(db);
  await sql`update user_items set
      item_open = coalesce((select ${sql.raw(OPEN('i'))} from items i where i.id = user_items.item_id), 0),
      item_target_date = (select ${sql.raw(TARGET('i'))} from items i where i.id = user_items.item_id),
      item_created_at = coalesce((select i.created_at from items i where i.id = user_items.item_id), 0)`.execute(
    db,
  );
  // Each list's part is a range of one of these, in the order it is shown: on both engines a
  // column compared with `is null` does not order what follows it, so each part has its own.
  for (const [name, columns, where] of ORGANIZER_INDEXES)
    await sql`create index ${sql.id(name)} on user_items (${sql.raw(columns)})
      where prioritizable = 1 and item_open = 1 and ${sql.raw(where)}`.execute(db);
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger user_items_item_keys after insert on user_items begin
      update user_items set
        item_open = coalesce((select ${sql.raw(OPEN('i'))} from items i where i.id = new.item_id), 0),
        item_target_date = (select ${sql.raw(TARGET('i'))} from items i where i.id = new.item_id),
        item_created_at = coalesce((select i.created_at from items i where i.id = new.item_id), 0)
      where user_id = new.user_id and item_id = new.item_id;
    end`.execute(db);
  await sql`create trigger items_organizer_keys after update on items when ${sql.raw(CHANGED('is not'))} begin
      update user_items set item_open = ${sql.raw(OPEN('new'))}, item_target_date = ${sql.raw(TARGET('new'))},
        item_created_at = new.created_at
      where item_id = new.id;
    end`.execute(db);
}

/** An SQL identifier, quoted. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // The functions name their schema's objects: a trigger runs with whatever search_path its
  // transaction has.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const q = (name: string) => `${ident(rows[0]?.schema ?? 'public')}.${ident(name)}`;
  await sql`create function ${sql.raw(q('nb_user_item_keys'))}() returns trigger language plpgsql as $$
    begin
      select ${sql.raw(OPEN('i'))}, ${sql.raw(TARGET('i'))}, i.created_at
        into new.item_open, new.item_target_date, new.item_created_at
        from ${sql.raw(q('items'))} i where i.id = new.item_id;
      return new;
    end $$`.execute(db);
  await sql`create function ${sql.raw(q('nb_item_organizer_keys'))}() returns trigger language plpgsql as $$
    begin
      update ${sql.raw(q('user_items'))} set item_open = ${sql.raw(OPEN('new'))},
          item_target_date = ${sql.raw(TARGET('new'))}, item_created_at = new.created_at
        where item_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger user_items_item_keys before insert on user_items
    for each row execute function ${sql.raw(q('nb_user_item_keys'))}()`.execute(db);
  await sql`create trigger items_organizer_keys after update on items
    for each row when (${sql.raw(CHANGED('is distinct from'))}) execute function ${sql.raw(q('nb_item_organizer_keys'))}()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger items_organizer_keys on items`.execute(db);
    await sql`drop trigger user_items_item_keys on user_items`.execute(db);
    await sql`drop function nb_item_organizer_keys()`.execute(db);
    await sql`drop function nb_user_item_keys()`.execute(db);
  } else {
    await sql`drop trigger items_organizer_keys`.execute(db);
    await sql`drop trigger user_items_item_keys`.execute(db);
  }
  for (const [name] of ORGANIZER_INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
  for (const column of ['item_created_at', 'item_target_date', 'item_open'])
    await sql`alter table user_items drop column ${sql.ref(column)}`.execute(db);
}
