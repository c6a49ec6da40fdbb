import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL: an index on each item's folded title (`nb_fold`, with `text_pattern_ops`), so
 * that the titles starting with a word (`nb_fold(title) like 'repo%'`) are a range of it:
 * search reads the newest of them first, however many other matches there are. SQLite finds
 * them through `item_words` (`^"repo"*`), which needs nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index items_title_start_idx on items (nb_fold(title) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index items_title_start_idx`.execute(db);
}
