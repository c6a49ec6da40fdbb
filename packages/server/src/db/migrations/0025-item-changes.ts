import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A log of which texts changed in which box, kept by the database in the transaction of every
 * write (whoever writes), so a client can ask what changed in a box since it last looked
 * (CalDAV's sync-collection) and know a text's version without reading it.
 *
 * `item_changes` holds one row per text and box it has been in: `seq` is the last change
 * there, from one counter that grows in commit order. A text inserted, changed or deleted
 * marks the box it was in (and, when it moved, the one it went to); a change of a person's
 * reminders on it marks its box too. A row is never removed when its text leaves: that row is
 * how a client learns that it left.
 *
 * - SQLite runs one write transaction at a time, so a trigger numbers changes as they happen.
 * - PostgreSQL runs many at once: a number taken early could commit after a later one, and a
 *   client that had already read the later one would miss it. So the rows are written by
 *   deferred triggers, at commit, under a transaction-level advisory lock held until the commit
 *   ends: the numbers a reader sees are always every number up to the largest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`create table item_changes (
      item_id text not null,
      box_id text not null,
      seq bigint not null,
      primary key (item_id, box_id))`.execute(db);
  await sql`create index item_changes_box_seq on item_changes (box_id, seq)`.execute(db);
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create index item_changes_seq on item_changes (seq)`.execute(db);
  /**
   * Marks (item, box) as changed now, when `when` holds (an SQL condition): the next number is
   * read before the row it replaces goes, so numbers only grow.
   */
  const mark = (item: string, box: string, when = 'true') => `
      insert or replace into item_changes (item_id, box_id, seq)
        select ${item}, ${box}, (select coalesce(max(seq), 0) + 1 from item_changes) where ${when};`;
  const triggers = {
    item_changes_insert: `after insert on items when new.type = 'todoText' and new.parent_id is not null
      begin ${mark('new.id', 'new.parent_id')} end`,
    item_changes_update: `after update on items when new.type = 'todoText' begin
      ${mark('old.id', 'old.parent_id', 'old.parent_id is not null and old.parent_id is not new.parent_id')}
      ${mark('new.id', 'new.parent_id', 'new.parent_id is not null')}
    end`,
    item_changes_delete: `after delete on items when old.type = 'todoText' and old.parent_id is not null
      begin ${mark('old.id', 'old.parent_id')} end`,
    ...Object.fromEntries(
      (['insert', 'update', 'delete'] as const).map((event) => {
        const row = event === 'delete' ? 'old' : 'new';
        const box = `(select parent_id from items where id = ${row}.item_id and type = 'todoText')`;
        return [
          `item_changes_reminder_${event}`,
          `after ${event} on reminders begin ${mark(`${row}.item_id`, box, `${box} is not null`)} end`,
        ];
      }),
    ),
  };
  for (const [name, body] of Object.entries(triggers))
    await sql`create trigger ${sql.id(name)} ${sql.raw(body)}`.execute(db);
  await sql`insert into item_changes (item_id, box_id, seq)
    select id, parent_id, row_number() over (order by id) from items
    where type = 'todoText' and parent_id is not null`.execute(db);
}

/** An SQL identifier, quoted. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // The functions name their schema's objects: a trigger runs with whatever search_path its
  // transaction has.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const q = (name: string) => `${ident(schema)}.${ident(name)}`;
  await sql`create sequence ${sql.raw(q('item_changes_seq'))}`.execute(db);
  const counter = `'${q('item_changes_seq').replaceAll("'", "''")}'`;
  // One lock per schema: schemas sharing a database never wait on each other's commits.
  const lock = `perform pg_advisory_xact_lock(hashtext('nestbox.item_changes.' || ${`'${schema.replaceAll("'", "''")}'`}));`;
  const mark = (item: string, box: string) => `
      ${lock}
      insert into ${q('item_changes')} (item_id, box_id, seq) values (${item}, ${box}, nextval(${counter}))
      on conflict (item_id, box_id) do update set seq = excluded.seq;`;
  await sql`create function ${sql.raw(q('nb_item_changed'))}() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.type = 'todoText' and old.parent_id is not null then
        ${sql.raw(mark('old.id', 'old.parent_id'))}
      end if;
      if tg_op <> 'DELETE' and new.type = 'todoText' and new.parent_id is not null
          and (tg_op = 'INSERT' or new.parent_id is distinct from old.parent_id) then
        ${sql.raw(mark('new.id', 'new.parent_id'))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function ${sql.raw(q('nb_reminder_changed'))}() returns trigger language plpgsql as $$
    declare
      changed text := case when tg_op = 'DELETE' then old.item_id else new.item_id end;
      box text;
    begin
      select parent_id into box from ${sql.raw(q('items'))} where id = changed and type = 'todoText';
      if box is not null then
        ${sql.raw(mark('changed', 'box'))}
      end if;
      return null;
    end $$`.execute(db);
  for (const [name, table, fn] of [
    ['item_changes_items', 'items', 'nb_item_changed'],
    ['item_changes_reminders', 'reminders', 'nb_reminder_changed'],
  ] as const)
    await sql`create constraint trigger ${sql.id(name)} after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred for each row execute function ${sql.raw(q(fn))}()`.execute(db);
  await sql`insert into item_changes (item_id, box_id, seq)
    select id, parent_id, nextval(${sql.raw(counter)}) from items
    where type = 'todoText' and parent_id is not null order by id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger item_changes_reminders on reminders`.execute(db);
    await sql`drop trigger item_changes_items on items`.execute(db);
    await sql`drop function nb_reminder_changed()`.execute(db);
    await sql`drop function nb_item_changed()`.execute(db);
    await sql`drop table item_changes`.execute(db);
    await sql`drop sequence item_changes_seq`.execute(db);
    return;
  }
  for (const trigger of [
    'item_changes_insert',
    'item_changes_update',
    'item_changes_delete',
    'item_changes_reminder_insert',
    'item_changes_reminder_update',
    'item_changes_reminder_delete',
  ])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table item_changes`.execute(db);
}
