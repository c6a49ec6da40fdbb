import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor, ReminderEventsTable, RemindersTable } from '../../db/schema.js';
import type { ReminderRow } from './reminders.contract.js';

export type ReminderEventRow = Selectable<ReminderEventsTable>;

/** A reminder with its owner's time zone (needed to plan calendar steps). */
export interface ReminderWithZone extends ReminderRow {
  timezone: string;
}

export async function insertReminder(db: Executor, row: Insertable<RemindersTable>): Promise<void> {
  await db.insertInto('reminders').values(row).execute();
}

/** Several new reminders, 500 to a statement. */
export async function insertReminders(
  db: Executor,
  rows: readonly Insertable<RemindersTable>[],
): Promise<void> {
  for (const chunk of idChunks(rows, 500)) await db.insertInto('reminders').values(chunk).execute();
}

export async function findReminder(db: Executor, id: string): Promise<ReminderRow | undefined> {
  return db.selectFrom('reminders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller's reminders on an item, oldest first; the one linked to the target date only when asked. */
export async function remindersOfUserOnItem(
  db: Executor,
  userId: string,
  itemId: string,
  { includeLinked }: { includeLinked: boolean },
): Promise<ReminderRow[]> {
  let query = db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .orderBy('created_at')
    .orderBy('id');
  if (!includeLinked) query = query.where('linked_directly_to_target_date', '=', 0);
  return query.execute();
}

/**
 * The user's own reminders on dated items, oldest first, without the hidden one each date
 * setter gets (`linked_directly_to_target_date`): what a calendar feed turns into alarms.
 */
export async function shownRemindersOnDatedItems(db: Executor, userId: string): Promise<ReminderRow[]> {
  return db
    .selectFrom('reminders as r')
    .innerJoin('items as i', 'i.id', 'r.item_id')
    .selectAll('r')
    .where('r.user_id', '=', userId)
    .where('r.linked_directly_to_target_date', '=', 0)
    .where('i.target_date', 'is not', null)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/**
 * A summary of the rows `shownRemindersOnDatedItems` reads, cheap to compute: it changes
 * whenever one of them is added, removed, edited or fires (`next_fire_at` moves on).
 */
export async function shownRemindersVersion(db: Executor, userId: string): Promise<string> {
  const { rows } = await sql<{ count: number | string; latest: number | string; fires: number | string }>`
    select count(*) as count, coalesce(max(r.updated_at), 0) as latest,
      coalesce(sum(coalesce(r.next_fire_at, -1) % 1000003), 0) as fires
    from reminders r join items i on i.id = r.item_id
    where r.user_id = ${userId} and r.linked_directly_to_target_date = 0
      and i.target_date is not null`.execute(db);
  const [row] = rows;
  return row ? `${row.count}:${row.latest}:${row.fires}` : '';
}

/** Every reminder on an item (all users), each with its owner's zone. */
export async function remindersOnItem(db: Executor, itemId: string): Promise<ReminderWithZone[]> {
  return db
    .selectFrom('reminders as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.timezone')
    .where('r.item_id', '=', itemId)
    .execute();
}

/** The user's reminders still to fire, each with its item's target date. */
export async function pendingRemindersOfUser(
  db: Executor,
  userId: string,
): Promise<(ReminderRow & { target_date: number | null })[]> {
  return db
    .selectFrom('reminders as r')
    .innerJoin('items as i', 'i.id', 'r.item_id')
    .selectAll('r')
    .select('i.target_date')
    .where('r.user_id', '=', userId)
    .where('r.next_fire_at', 'is not', null)
    .execute();
}

export async function updateReminder(
  db: Executor,
  id: string,
  changes: Updateable<RemindersTable>,
): Promise<void> {
  await db.updateTable('reminders').set(changes).where('id', '=', id).execute();
}

export async function deleteReminder(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('reminders').where('id', '=', id).execute();
}

/** Removes the reminders linked to an item's target date (the date was cleared); answers them as they were. */
export function deleteLinkedReminders(db: Executor, itemId: string): Promise<ReminderRow[]> {
  return db
    .deleteFrom('reminders')
    .where('item_id', '=', itemId)
    .where('linked_directly_to_target_date', '=', 1)
    .returningAll()
    .execute();
}

/**
 * Puts removed reminders back under their own ids (an undo): those of people still there,
 * whose id nobody took meanwhile.
 */
export async function reinsertReminders(db: Executor, reminders: readonly ReminderRow[]): Promise<void> {
  if (reminders.length === 0) return;
  const userIds = [...new Set(reminders.map((reminder) => reminder.user_id))];
  const present = new Set(
    (await db.selectFrom('users').select('id').where('id', 'in', userIds).execute()).map((user) => user.id),
  );
  for (const reminder of reminders) {
    if (!present.has(reminder.user_id)) continue;
    await db
      .insertInto('reminders')
      .values(reminder)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/** The item's target date (null: none), or undefined when there is no such item. */
export async function targetDateOf(db: Executor, itemId: string): Promise<number | null | undefined> {
  const row = await db.selectFrom('items').select('target_date').where('id', '=', itemId).executeTakeFirst();
  return row?.target_date;
}
