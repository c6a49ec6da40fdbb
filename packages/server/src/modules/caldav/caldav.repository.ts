import type { AccessLevel, ItemType } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/schema.js';
import { MAX_TREE_DEPTH, seenBoxesSql } from '../access/access.contract.js';
import type { TaskSource } from './vtodo.js';

/** PostgreSQL answers bigint as text. */
const seqOf = (value: number | string | null | undefined) => (value == null ? 0 : Number(value));

/** A box the user sees, as a collection: its level, what its path is made of, and its last change. */
export interface CollectionRow {
  id: string;
  type: ItemType;
  title: string;
  parent_id: string | null;
  is_root_box: number;
  level: AccessLevel;
  seq: number;
}

/** Every box the user sees (not archived, nor inside an archived one), with the level the access rule gives. */
export async function collectionsOf(db: Executor, userId: string): Promise<CollectionRow[]> {
  const { rows } = await sql<
    Omit<CollectionRow, 'seq'> & { seq: number | string | null }
  >`${seenBoxesSql(userId)}
    select b.id, b.type, b.title, b.parent_id, b.is_root_box, s.level,
      (select max(c.seq) from item_changes c where c.box_id = b.id) as seq
    from seen_boxes s join items b on b.id = s.id`.execute(db);
  return rows.map((row) => ({ ...row, seq: seqOf(row.seq) }));
}

/**
 * The user's level on a box as a list, or undefined when they do not see it: the level of their
 * nearest link at or above it, with no box archived from the box up to that link (the rule
 * `seen_boxes` applies to every box at once, for one box).
 */
export async function listLevel(
  db: Executor,
  userId: string,
  boxId: string,
): Promise<AccessLevel | undefined> {
  const { rows } = await sql<{ level: AccessLevel; hidden: number | string }>`
    with recursive chain(id, parent_id, archived_at, type, depth) as (
      select id, parent_id, archived_at, type, 0 from items where id = ${boxId}
      union all
      select i.id, i.parent_id, i.archived_at, i.type, c.depth + 1
      from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH}
    ),
    link(depth, level) as (
      select c.depth, l.level from chain c join item_users l on l.item_id = c.id and l.user_id = ${userId}
      order by c.depth limit 1
    )
    select link.level, (
      select count(*) from chain c
      where c.depth <= link.depth and (c.archived_at is not null or c.type <> 'todoBox')) as hidden
    from link`.execute(db);
  const [row] = rows;
  return row && Number(row.hidden) === 0 ? row.level : undefined;
}

/** A text in a collection: its id, the name it has there, and its last change (its version). */
export interface MemberRow {
  id: string;
  name: string;
  seq: number;
}

const memberColumns = sql`t.id, coalesce(o.name, t.id || '.ics') as name, c.seq`;
const memberJoins = sql`left join caldav_objects o on o.item_id = t.id
  left join item_changes c on c.item_id = t.id and c.box_id = t.parent_id`;
const isMember = sql`t.type = 'todoText' and t.archived_at is null`;

/** The texts directly in a box (not archived), in no particular order. */
export async function membersOf(db: Executor, boxId: string): Promise<MemberRow[]> {
  const { rows } = await sql<MemberRow & { seq: number | string | null }>`
    select ${memberColumns} from items t ${memberJoins}
    where t.parent_id = ${boxId} and ${isMember}`.execute(db);
  return rows.map((row) => ({ ...row, seq: seqOf(row.seq) }));
}

/** The text at `name` in a box, if one is there: a name a client gave, or `<id>.ics`. */
export async function memberNamed(db: Executor, boxId: string, name: string): Promise<MemberRow | undefined> {
  const stem = name.endsWith('.ics') ? name.slice(0, -'.ics'.length) : undefined;
  const { rows } = await sql<MemberRow & { seq: number | string | null }>`
    select ${memberColumns} from items t ${memberJoins}
    where t.parent_id = ${boxId} and ${isMember}
      and (o.name = ${name} ${stem ? sql`or (t.id = ${stem} and o.item_id is null)` : sql``})`.execute(db);
  const [row] = rows;
  return row && { ...row, seq: seqOf(row.seq) };
}

const taskColumns = sql`${memberColumns}, t.title, t.note, t.target_date, t.target_has_time, t.recurrence_rule,
  t.recurrence_done, t.completed_at, t.created_at, t.updated_at, o.uid, coalesce(o.extra, '') as extra`;

type TaskRow = TaskSource & MemberRow & { seq: number | string | null };
const asTasks = (rows: TaskRow[]) => rows.map((row) => ({ ...row, seq: seqOf(row.seq) }));

/** What a task is written from, for these texts (the caller keeps the list short). */
export async function tasksOf(db: Executor, ids: readonly string[]): Promise<(TaskSource & MemberRow)[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TaskRow>`select ${taskColumns} from items t ${memberJoins}
    where t.id in (${sql.join(ids)})`.execute(db);
  return asTasks(rows);
}

/** Where a page of a box's tasks ends: the next page starts after it. */
export interface PageEnd {
  position: number;
  id: string;
}

/**
 * A page of the tasks of a box in sibling order (position, then id: the index of migration
 * 0002), after `after`: each page is an index range, not a sort of the whole box.
 */
export async function tasksInPage(
  db: Executor,
  boxId: string,
  after: PageEnd | null,
  limit: number,
): Promise<(TaskSource & MemberRow & PageEnd)[]> {
  const { rows } = await sql<TaskRow & PageEnd>`select ${taskColumns}, t.position from items t ${memberJoins}
    where t.parent_id = ${boxId} and ${isMember}
      ${after === null ? sql`` : sql`and (t.position, t.id) > (${after.position}, ${after.id})`}
    order by t.position, t.id limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, seq: seqOf(row.seq) }));
}

/** The tasks of a box at these names (a client's names, or `<id>.ics`); the caller keeps the list short. */
export async function tasksNamed(
  db: Executor,
  boxId: string,
  names: readonly string[],
): Promise<(TaskSource & MemberRow)[]> {
  if (names.length === 0) return [];
  const stems = names.filter((name) => name.endsWith('.ics')).map((name) => name.slice(0, -'.ics'.length));
  const { rows } = await sql<TaskRow>`select ${taskColumns} from items t ${memberJoins}
    where t.parent_id = ${boxId} and ${isMember}
      and (o.name in (${sql.join(names)})
        ${stems.length > 0 ? sql`or (o.item_id is null and t.id in (${sql.join(stems)}))` : sql``})`.execute(
    db,
  );
  return asTasks(rows);
}

/** A text that changed in a box after `since`: whether it is still there, and the name it has. */
export interface ChangeRow {
  name: string;
  id: string;
  seq: number;
  present: boolean;
}

/** The texts that changed in a box after `since` (those that left it too), oldest change first. */
export async function changesIn(db: Executor, boxId: string, since: number): Promise<ChangeRow[]> {
  const { rows } = await sql<{ id: string; name: string; seq: number | string; present: number | boolean }>`
    select c.item_id as id, coalesce(o.name, c.item_id || '.ics') as name, c.seq,
      case when t.parent_id = c.box_id and ${isMember} then 1 else 0 end as present
    from item_changes c
    left join items t on t.id = c.item_id
    left join caldav_objects o on o.item_id = c.item_id
    where c.box_id = ${boxId} and c.seq > ${since}
    order by c.seq`.execute(db);
  return rows.map((row) => ({ ...row, seq: seqOf(row.seq), present: Number(row.present) === 1 }));
}

/** The last change of any text: a sync token's value. */
export async function latestChange(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('item_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return seqOf(row?.seq);
}

/** Who holds what a client's write would take: a UID, a resource name, an id. */
export interface Claims {
  /** The text whose UID this is (one a client gave, or a text's own id). */
  uidHolder?: string;
  /** The text a client named so. */
  nameHolder?: string;
  idTaken: boolean;
}

/** Who holds a UID, a name and an id, in one read. */
export async function claimsOn(
  db: Executor,
  { uid, name, id }: { uid?: string; name?: string; id?: string | undefined },
): Promise<Claims> {
  const none = sql`null`;
  const { rows } = await sql<{
    by_uid: string | null;
    own: string | null;
    by_name: string | null;
    taken: string | null;
  }>`
    select
      ${uid === undefined ? none : sql`(select item_id from caldav_objects where uid = ${uid})`} as by_uid,
      ${
        uid === undefined
          ? none
          : sql`(select t.id from items t left join caldav_objects o on o.item_id = t.id
        where t.id = ${uid} and o.item_id is null)`
      } as own,
      ${name === undefined ? none : sql`(select item_id from caldav_objects where name = ${name})`} as by_name,
      ${id === undefined ? none : sql`(select id from items where id = ${id})`} as taken`.execute(db);
  const row = rows[0];
  const uidHolder = row?.by_uid ?? row?.own ?? undefined;
  const nameHolder = row?.by_name ?? undefined;
  return {
    ...(uidHolder ? { uidHolder } : {}),
    ...(nameHolder ? { nameHolder } : {}),
    idTaken: Boolean(row?.taken),
  };
}

/** What a client's write is compared with once written. */
export type TextState = Pick<
  TaskSource,
  'title' | 'note' | 'target_date' | 'target_has_time' | 'recurrence_rule' | 'completed_at'
>;

/** A text's fields as its write left them, inside that write's transaction. */
export async function textStateOf(db: Executor, itemId: string): Promise<TextState | undefined> {
  return db
    .selectFrom('items')
    .select(['title', 'note', 'target_date', 'target_has_time', 'recurrence_rule', 'completed_at'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/** Records what a client chose for a text, inside the write's transaction. */
export async function saveObject(
  tx: Tx,
  object: { item_id: string; name: string; uid: string; extra: string },
): Promise<void> {
  await tx
    .insertInto('caldav_objects')
    .values(object)
    .onConflict((oc) =>
      oc.column('item_id').doUpdateSet({ name: object.name, uid: object.uid, extra: object.extra }),
    )
    .execute();
}
