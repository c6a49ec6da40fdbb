import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Columns that hold one of a fixed set of values, checked by the database itself. Values
 * outside the set (written by an older version or by hand) are first put back to the
 * column's default, which is what the app showed them as. PostgreSQL gets CHECK constraints;
 * SQLite cannot add one to an existing table, so each column gets a pair of triggers that
 * refuse such a value with the same message on insert and on update.
 */
export const VALUE_SETS: readonly {
  table: string;
  column: string;
  values: readonly string[];
  /** What a value outside the set becomes; null where the column may be empty. */
  fallback: string | null;
}[] = [
  { table: 'items', column: 'type', values: ['todoBox', 'todoText'], fallback: 'todoText' },
  { table: 'items', column: 'box_type', values: ['any', 'todo', 'search'], fallback: 'todo' },
  {
    table: 'items',
    column: 'auto_archive_duration',
    values: ['days', 'weeks', 'months', 'years'],
    fallback: null,
  },
  { table: 'item_users', column: 'level', values: ['owner', 'editor', 'readonly'], fallback: 'readonly' },
  {
    table: 'reminders',
    column: 'unit',
    values: ['minutes', 'hours', 'days', 'weeks', 'years'],
    fallback: 'days',
  },
  { table: 'reminders', column: 'before_after_on', values: ['before', 'after', 'on'], fallback: 'before' },
  {
    table: 'account_tokens',
    column: 'purpose',
    values: ['activation', 'password_reset', 'email_change', 'slack_oauth_state'],
    fallback: null,
  },
  { table: 'users', column: 'open_boxes_in', values: ['newPane', 'samePane'], fallback: 'newPane' },
  {
    table: 'users',
    column: 'unprioritized_order_by',
    values: ['createdDate', 'itemTitle', 'parentTitle'],
    fallback: 'createdDate',
  },
  { table: 'users', column: 'unprioritized_order_dir', values: ['asc', 'desc'], fallback: 'desc' },
  { table: 'panes', column: 'type', values: ['box', 'search'], fallback: 'box' },
  { table: 'panes', column: 'search_scope', values: ['favourites', 'workspace', 'search'], fallback: null },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, column, values, fallback } of VALUE_SETS) {
    const list = sql.join(values.map((value) => sql.lit(value)));
    const t = sql.table(table);
    const c = sql.ref(column);
    // A token of an unknown purpose can never be used: it goes.
    if (table === 'account_tokens') await sql`delete from ${t} where ${c} not in (${list})`.execute(db);
    else
      await sql`update ${t} set ${c} = ${fallback === null ? sql`null` : sql.lit(fallback)} where ${c} not in (${list})`.execute(
        db,
      );
    const name = `${table}_${column}_check`;
    const message = sql.lit(`${table}.${column} must be one of ${values.join(', ')}`);
    if (postgres) {
      await sql`alter table ${t} add constraint ${sql.id(name)} check (${c} in (${list}))`.execute(db);
      continue;
    }
    for (const [event, suffix] of [
      [sql`insert`, 'insert'],
      [sql`update of ${c}`, 'update'],
    ] as const) {
      await sql`create trigger ${sql.id(`${name}_${suffix}`)} before ${event} on ${t}
        when new.${c} is not null and new.${c} not in (${list})
        begin select raise(abort, ${message}); end`.execute(db);
    }
  }
}
