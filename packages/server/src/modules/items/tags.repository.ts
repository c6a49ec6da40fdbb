import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { tagsOf } from '@nestbox/shared/tags/tags';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql } from '../access/access.contract.js';

/** A title just written: its item, type and text (only texts carry tags). */
export interface TitledRow {
  id: string;
  type: string;
  title?: string | undefined;
}

/**
 * The tag rows of new items (none had any), inside the caller's transaction: the `#tags` of
 * each text's title (the shared rule), 500 rows a statement.
 */
export async function insertTagsOf(db: Executor, rows: readonly TitledRow[]): Promise<void> {
  const tagRows = rows.flatMap((row) =>
    row.type === 'todoText' ? tagsOf(row.title ?? '').map((name) => ({ item_id: row.id, name })) : [],
  );
  for (const chunk of idChunks(tagRows, 500)) await db.insertInto('item_tags').values(chunk).execute();
}

/** Makes the tag rows of these items match their titles just written, inside the caller's transaction. */
export async function replaceTagsOf(db: Executor, rows: readonly TitledRow[]): Promise<void> {
  for (const chunk of idChunks(rows.map((row) => row.id)))
    await db.deleteFrom('item_tags').where('item_id', 'in', chunk).execute();
  await insertTagsOf(db, rows);
}

/**
 * The texts the caller sees (not archived): linked to them, or in a box they see (`seen_boxes`,
 * decided once per box), with `name`'s tag row `t`, the caller's own link `own`, the seen box `s`.
 */
function taggedVisibleTexts(userId: string, condition: ReturnType<typeof sql>) {
  return sql`from item_tags t
    join items i on i.id = t.item_id
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    where ${condition} and i.archived_at is null and i.type = 'todoText'
      and (own.level is not null or s.level is not null)`;
}

/**
 * Every tag of the texts the caller sees, with how many carry it, most used first. One row per
 * text and tag: a text's own link and its box are one row each (keys), so rows are texts.
 */
export async function tagCounts(db: Executor, userId: string): Promise<{ name: string; count: number }[]> {
  const { rows } = await sql<{ name: string; count: number | string }>`${seenBoxesSql(userId)}
    select t.name as name, count(*) as count
    ${taggedVisibleTexts(userId, sql`1 = 1`)}
    group by t.name
    order by count(*) desc, t.name`.execute(db);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** The texts carrying tag `name` that the caller may edit (owner or editor), with their titles. */
export async function editableTaggedTexts(
  db: Executor,
  userId: string,
  name: string,
): Promise<{ id: string; title: string; level: AccessLevel }[]> {
  const { rows } = await sql<{ id: string; title: string; level: AccessLevel }>`${seenBoxesSql(userId)}
    select distinct i.id as id, i.title as title, coalesce(own.level, s.level) as level
    ${taggedVisibleTexts(userId, sql`t.name = ${name}`)}
    order by i.id`.execute(db);
  return rows.filter((row) => row.level !== 'readonly');
}

/**
 * The titles of these texts as they are now, locked until the caller's transaction ends, so
 * that a title rewritten from them overwrites no save made in between: on PostgreSQL a row
 * lock (a save waits for the rewrite, or the rewrite reads the save); on SQLite the one
 * connection already runs one transaction at a time. In id order, as every rewrite locks them.
 */
export async function lockedTitles(
  db: Executor,
  engine: DbEngine,
  ids: readonly string[],
): Promise<{ id: string; title: string }[]> {
  const rows: { id: string; title: string }[] = [];
  for (const chunk of idChunks([...ids].sort())) {
    const query = db.selectFrom('items').select(['id', 'title']).where('id', 'in', chunk).orderBy('id');
    rows.push(...(await (engine === 'postgres' ? query.forUpdate() : query).execute()));
  }
  return rows;
}
