import type { BeforeAfterOn, ReminderUnit } from '@nestbox/shared/reminders/fire-time';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { IDS_PER_STATEMENT, idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import { inPage, type ListPageOptions } from './list-page.js';
import { type MentionListRow, mentionsPage, unreadMentionCounts } from './mention-events.repository.js';
import type { ReminderEventRow } from './reminders.repository.js';

/** A reminder's fired events, oldest first. */
export function eventsOfReminder(db: Executor, reminderId: string): Promise<ReminderEventRow[]> {
  return db
    .selectFrom('reminder_events')
    .selectAll()
    .where('reminder_id', '=', reminderId)
    .orderBy('event_date')
    .execute();
}

/** Puts a reminder's events back as they were (its removal was undone), 500 to a statement. */
export async function insertEvents(db: Executor, events: readonly ReminderEventRow[]): Promise<void> {
  for (const chunk of idChunks(events, 500)) await db.insertInto('reminder_events').values(chunk).execute();
}

/** Marks every event of a reminder dismissed (its future ones are stopped by the caller). */
export async function dismissEventsOf(db: Executor, reminderId: string, at: number): Promise<void> {
  await db
    .updateTable('reminder_events')
    .set({ dismissed_at: at })
    .where('reminder_id', '=', reminderId)
    .where('dismissed_at', 'is', null)
    .execute();
}

/** A due reminder as the scheduler sees it: the rule, the item's state and the owner. */
export interface DueReminder {
  id: string;
  user_id: string;
  item_id: string;
  number_of: number;
  unit: ReminderUnit;
  before_after_on: BeforeAfterOn;
  repeat: number;
  next_fire_at: number;
  target_date: number | null;
  title: string;
  archived_at: number | null;
  completed_at: number | null;
  timezone: string;
  locale: string;
  email: string;
  name: string;
  reminder_emails: number;
}

export interface FiredEvent {
  id: string;
  reminder: DueReminder;
}

/** Rows per UPDATE or INSERT statement of the scheduler. */
const STATEMENT_ROWS = IDS_PER_STATEMENT;

/**
 * Fires up to `limit` due reminders in one transaction, atomically:
 * 1. reads the due ones (PostgreSQL: FOR UPDATE SKIP LOCKED, so a racing instance takes others);
 * 2. claims them with one UPDATE … SET next_fire_at = <next> WHERE id IN (…) AND
 *    next_fire_at <= now RETURNING id — a row another instance has already moved on is not
 *    returned (its next time is null or later than now);
 * 3. writes one unread event per claimed occurrence whose item is neither archived nor
 *    completed; the unique (reminder_id, event_date) makes a repeat impossible even so.
 * A crash before the commit leaves everything as it was, so a restart fires the occurrence
 * then: none is lost and none is repeated.
 */
export async function fireDueReminders(
  db: Executor,
  engine: DbEngine,
  now: number,
  limit: number,
  {
    nextOf,
    newEventId,
    stillSee,
    userId,
  }: {
    nextOf: (due: DueReminder) => number | null;
    newEventId: () => string;
    /** Which of these (owner, item) pairs, by key, still see the item, inside the transaction. */
    stillSee: (
      trx: Executor,
      pairs: readonly { key: string; userId: string; itemId: string }[],
    ) => Promise<Set<string>>;
    /** Only this person's reminders (the e2e helper's run); everyone's when absent. */
    userId?: string | undefined;
  },
): Promise<{ claimed: number; fired: FiredEvent[] }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('reminders as r')
      .innerJoin('items as i', 'i.id', 'r.item_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.user_id',
        'r.item_id',
        'r.number_of',
        'r.unit',
        'r.before_after_on',
        'r.repeat',
        'i.target_date',
        'i.title',
        'i.archived_at',
        'i.completed_at',
        'u.timezone',
        'u.locale',
        'u.email',
        'u.name',
        'u.reminder_emails',
      ])
      .select(sql<number>`r.next_fire_at`.as('next_fire_at'))
      .where('r.next_fire_at', '<=', now)
      .$if(userId !== undefined, (q) => q.where('r.user_id', '=', userId ?? ''))
      .orderBy('r.next_fire_at')
      .limit(limit);
    if (engine === 'postgres') query = query.forUpdate('r').skipLocked();
    const due = await query.execute();
    if (due.length === 0) return { claimed: 0, fired: [] };

    const nexts = new Map(due.map((row) => [row.id, nextOf(row)]));
    const claimedIds = new Set<string>();
    for (let start = 0; start < due.length; start += STATEMENT_ROWS) {
      const chunk = due.slice(start, start + STATEMENT_ROWS);
      const planned = chunk.filter((row) => nexts.get(row.id) !== null);
      const nextValue =
        planned.length === 0
          ? sql<number | null>`null`
          : sql<number | null>`case ${sql.ref('id')} ${sql.join(
              planned.map((row) => sql`when ${row.id} then cast(${nexts.get(row.id)} as bigint)`),
              sql` `,
            )} else null end`;
      const rows = await trx
        .updateTable('reminders')
        .set({ next_fire_at: nextValue, updated_at: now })
        .where(
          'id',
          'in',
          chunk.map((row) => row.id),
        )
        .where('next_fire_at', '<=', now)
        .returning('id')
        .execute();
      for (const row of rows) claimedIds.add(row.id);
    }

    // Someone whose share ended hears no more of the item.
    const visible = await stillSee(
      trx,
      due
        .filter((row) => claimedIds.has(row.id))
        .map((row) => ({ key: row.id, userId: row.user_id, itemId: row.item_id })),
    );
    const firing = due
      .filter((row) => visible.has(row.id) && row.archived_at === null && row.completed_at === null)
      .map((reminder) => ({ id: newEventId(), reminder }));
    const fired: FiredEvent[] = [];
    // 8 values per row: 1000 rows stay well under both engines' parameter limits.
    for (let start = 0; start < firing.length; start += STATEMENT_ROWS) {
      const chunk = firing.slice(start, start + STATEMENT_ROWS);
      const inserted = await trx
        .insertInto('reminder_events')
        .values(
          chunk.map(({ id, reminder }) => ({
            id,
            reminder_id: reminder.id,
            user_id: reminder.user_id,
            item_id: reminder.item_id,
            event_date: reminder.next_fire_at,
            unread: 1,
            dismissed_at: null,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['reminder_id', 'event_date']).doNothing())
        .returning('id')
        .execute();
      const insertedIds = new Set(inserted.map((row) => row.id));
      fired.push(...chunk.filter((event) => insertedIds.has(event.id)));
    }
    return { claimed: claimedIds.size, fired };
  });
}

/** Unread fired reminders and mentions per user, for the badge. */
export async function unreadCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  for (const [userId, count] of await unreadMentionCounts(db, userIds)) counts.set(userId, count);
  for (let start = 0; start < userIds.length; start += STATEMENT_ROWS) {
    const rows = await db
      .selectFrom('reminder_events')
      .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('user_id', 'in', userIds.slice(start, start + STATEMENT_ROWS))
      .where('unread', '=', 1)
      .groupBy('user_id')
      .execute();
    for (const row of rows) counts.set(row.user_id, (counts.get(row.user_id) ?? 0) + Number(row.count));
  }
  return counts;
}

export interface EventListRow {
  id: string;
  item_id: string;
  reminder_id: string;
  event_date: number;
  unread: number;
  title: string;
  archived_at: number | null;
  number_of: number;
  unit: ReminderUnit;
  before_after_on: BeforeAfterOn;
  repeat: number;
  next_fire_at: number | null;
}

/** A page of a user's events, newest first (ties by id), after the cursor when given. */
export function eventsPage(db: Executor, userId: string, options: ListPageOptions): Promise<EventListRow[]> {
  return db
    .selectFrom('reminder_events as e')
    .innerJoin('reminders as r', 'r.id', 'e.reminder_id')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .select([
      'e.id',
      'e.item_id',
      'e.reminder_id',
      'e.event_date',
      'e.unread',
      'i.title',
      'i.archived_at',
      'r.number_of',
      'r.unit',
      'r.before_after_on',
      'r.repeat',
      'r.next_fire_at',
    ])
    .where('e.user_id', '=', userId)
    .where(inPage({ date: 'e.event_date', id: 'e.id', unread: 'e.unread' }, options))
    .orderBy('e.event_date', 'desc')
    .orderBy('e.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** One row of the list: a fired reminder's event or a mention. */
export type ListRow = { kind: 'reminder'; row: EventListRow } | { kind: 'mention'; row: MentionListRow };

/** A page of the list: fired reminders and mentions, each read to the page's length, merged newest first. */
export async function listPage(db: Executor, userId: string, options: ListPageOptions): Promise<ListRow[]> {
  const rows: (ListRow & { date: number })[] = [
    ...(await eventsPage(db, userId, options)).map((row) => ({
      kind: 'reminder' as const,
      row,
      date: row.event_date,
    })),
    ...(await mentionsPage(db, userId, options)).map((row) => ({
      kind: 'mention' as const,
      row,
      date: row.created_at,
    })),
  ];
  rows.sort((a, b) => b.date - a.date || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0));
  return rows.slice(0, options.limit);
}

/** Marks the user's own events of the list read (fired reminders or mentions); answers how many changed. */
export async function markEventsRead(
  db: Executor,
  table: 'reminder_events' | 'mention_events',
  userId: string,
  ids: readonly string[],
): Promise<number> {
  let changed = 0;
  for (const chunk of idChunks(ids)) {
    const result = await db
      .updateTable(table)
      .set({ unread: 0 })
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .where('unread', '=', 1)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
