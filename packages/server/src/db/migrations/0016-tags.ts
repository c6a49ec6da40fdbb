import { tagsOf } from '@nestbox/shared/tags/tags';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Texts read at a time while the existing ones get their tags. */
const BATCH = 1_000;

/**
 * `item_tags`: the `#tags` of each text (modules/items, `tags.repository.ts`), normalised
 * (NFKC, lower case, accents kept), one row per text and tag, kept in step with the title in
 * the transaction of every write. The name is the key (no table of tags of its own): a rename
 * rewrites the titles and their rows, and counting is a GROUP BY on the `(name, item_id)`
 * index. Existing texts get theirs here, read in batches in id order. A search pane may now
 * show the Tags scope (`panes.search_scope` 'tags').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await allowScopes(db, ['favourites', 'workspace', 'search', 'tags']);
  await db.schema
    .createTable('item_tags')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_tags_pkey', ['item_id', 'name'])
    .execute();
  await db.schema.createIndex('item_tags_name').on('item_tags').columns(['name', 'item_id']).execute();

  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string }>`
      select id, title from items
      where type = 'todoText' and id > ${after} and title like ${'%#%'}
      order by id limit ${BATCH}`.execute(db);
    const tagRows = rows.flatMap((row) => tagsOf(row.title).map((name) => sql`(${row.id}, ${name})`));
    // Two values a row: 500 rows a statement stay below both engines' parameter limits.
    for (let start = 0; start < tagRows.length; start += 500)
      await sql`insert into item_tags (item_id, name) values ${sql.join(tagRows.slice(start, start + 500))}`.execute(
        db,
      );
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_tags').execute();
  await sql`update panes set search_scope = 'search' where search_scope = 'tags'`.execute(db);
  await allowScopes(db, ['favourites', 'workspace', 'search']);
}

/** Replaces the check of `panes.search_scope` (migration 0008's constraint, or its SQLite triggers). */
async function allowScopes(db: Kysely<unknown>, values: readonly string[]): Promise<void> {
  const list = sql.join(values.map((value) => sql.lit(value)));
  const name = 'panes_search_scope_check';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table panes drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table panes add constraint ${sql.id(name)} check (search_scope in (${list}))`.execute(db);
    return;
  }
  const message = sql.lit(`panes.search_scope must be one of ${values.join(', ')}`);
  for (const [event, suffix] of [
    [sql`insert`, 'insert'],
    [sql`update of search_scope`, 'update'],
  ] as const) {
    await sql`drop trigger ${sql.id(`${name}_${suffix}`)}`.execute(db);
    await sql`create trigger ${sql.id(`${name}_${suffix}`)} before ${event} on panes
      when new.search_scope is not null and new.search_scope not in (${list})
      begin select raise(abort, ${message}); end`.execute(db);
  }
}
