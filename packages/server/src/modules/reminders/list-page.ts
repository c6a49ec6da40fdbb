import { sql } from 'kysely';

/** Which rows of the Reminders list a page takes, newest first. */
export interface ListPageOptions {
  /** Only rows at or after it. */
  beginDate: number | null;
  /** Only rows after the last one the client holds (its date, and its id to break ties). */
  cursor: { date: number; id: string | null } | null;
  unreadOnly: boolean;
  limit: number;
}

/**
 * The condition of a page of the list on one table of it (fired reminders, mentions), named by
 * its date, id and unread columns: the same rule for both, so that their pages merge.
 */
export function inPage(columns: { date: string; id: string; unread: string }, options: ListPageOptions) {
  const date = sql.ref(columns.date);
  const conditions = [sql`1 = 1`];
  if (options.unreadOnly) conditions.push(sql`${sql.ref(columns.unread)} = 1`);
  if (options.beginDate !== null) conditions.push(sql`${date} >= ${options.beginDate}`);
  const { cursor } = options;
  if (cursor)
    conditions.push(
      cursor.id === null
        ? sql`${date} < ${cursor.date}`
        : sql`(${date} < ${cursor.date} or (${date} = ${cursor.date} and ${sql.ref(columns.id)} < ${cursor.id}))`,
    );
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}
