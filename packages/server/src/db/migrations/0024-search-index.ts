import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The search index over every item's title and note, kept by the database itself in the
 * transaction of each write (whoever writes: the API, an import, Slack, a migration), and
 * built here for the items already there. Two ways in, as `parseSearchQuery` reads a query:
 * any part of three characters or more, and the start of a word for shorter ones.
 *
 * - SQLite: `item_search`, a contentless FTS5 table with the trigram tokenizer (parts), and
 *   `item_words`, one with the unicode61 tokenizer and a prefix index of one and two
 *   characters (word starts), both case and accents aside; their rowid is the item's key in
 *   `item_search_keys`. Triggers on `items` keep the three in step.
 * - PostgreSQL: a trigram (pg_trgm) GIN index on `nb_search_text(title, note)`, the two
 *   folded by `nb_fold` (lower case, accents removed by `unaccent`), so `like '%part%'` on that
 *   expression is an index search; and a GIN index on that text's words
 *   (`to_tsvector('simple', …)`), for `'ka':*`. Both extensions are trusted: the database's
 *   owner may add them. They live in `public`, shared by every schema of the database.
 *
 * Both engines also have `nb_fold(text)` for what search compares outside the index (parts
 * without a letter or digit, ranking); on SQLite the connection provides it (`connection.ts`).
 */
/** The PostgreSQL extensions the index is built on, in `public`. */
export const SEARCH_EXTENSIONS = ['pg_trgm', 'unaccent'] as const;

/** Adds the search index's extensions to a PostgreSQL database (a `pg` client's), unless it has them. */
export async function createSearchExtensions(client: { query(statement: string): Promise<unknown> }) {
  for (const extension of SEARCH_EXTENSIONS)
    await client.query(`create extension if not exists ${extension} with schema public`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const extension of SEARCH_EXTENSIONS)
      await sql`create extension if not exists ${sql.raw(extension)} with schema public`.execute(db);
    await sql`create function nb_fold(text) returns text language sql immutable strict parallel safe
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
    // Named with its schema: an index's expression must not depend on the search_path of
    // whoever evaluates it (autovacuum's ANALYZE, a restore).
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const fold = sql.id(rows[0]?.schema ?? 'public', 'nb_fold');
    await sql`create function nb_search_text(title text, note text) returns text
      language sql immutable parallel safe
      as $$ select ${fold}(title || ' ' || coalesce(note, '')) $$`.execute(db);
    await sql`create index items_search_idx on items
      using gin (nb_search_text(title, note) public.gin_trgm_ops)`.execute(db);
    await sql`create index items_words_idx on items
      using gin (to_tsvector('simple'::regconfig, nb_search_text(title, note)))`.execute(db);
    return;
  }
  // Each item's key in the index: an integer of its own, which VACUUM never renumbers (an
  // item's rowid it may).
  await sql`create table item_search_keys (key integer primary key, item_id text not null unique)`.execute(
    db,
  );
  await sql`create virtual table item_search using fts5(
      title, note, content='', contentless_delete=1,
      tokenize='trigram remove_diacritics 1 case_sensitive 0')`.execute(db);
  await sql`create virtual table item_words using fts5(
      title, note, content='', contentless_delete=1,
      tokenize='unicode61 remove_diacritics 2', prefix='1 2')`.execute(db);
  const key = (id: string) => sql.raw(`(select key from item_search_keys where item_id = ${id}.id)`);
  const tables = [sql.raw('item_search'), sql.raw('item_words')];
  const insertAll = (id: string) =>
    sql.join(
      tables.map(
        (table) => sql`insert into ${table} (rowid, title, note) values (${key(id)}, new.title, new.note);`,
      ),
      sql` `,
    );
  const deleteAll = (id: string) =>
    sql.join(
      tables.map((table) => sql`delete from ${table} where rowid = ${key(id)};`),
      sql` `,
    );
  await sql`create trigger items_search_insert after insert on items begin
      insert into item_search_keys (item_id) values (new.id);
      ${insertAll('new')}
    end`.execute(db);
  await sql`create trigger items_search_update after update of title, note on items begin
      ${deleteAll('old')}
      ${insertAll('new')}
    end`.execute(db);
  await sql`create trigger items_search_delete after delete on items begin
      ${deleteAll('old')}
      delete from item_search_keys where item_id = old.id;
    end`.execute(db);
  await sql`insert into item_search_keys (item_id) select id from items order by id`.execute(db);
  for (const table of tables)
    await sql`insert into ${table} (rowid, title, note)
      select k.key, i.title, i.note from items i join item_search_keys k on k.item_id = i.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index items_words_idx`.execute(db);
    await sql`drop index items_search_idx`.execute(db);
    await sql`drop function nb_search_text(text, text)`.execute(db);
    await sql`drop function nb_fold(text)`.execute(db);
    return;
  }
  for (const trigger of ['items_search_insert', 'items_search_delete', 'items_search_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table item_words`.execute(db);
  await sql`drop table item_search`.execute(db);
  await sql`drop table item_search_keys`.execute(db);
}
