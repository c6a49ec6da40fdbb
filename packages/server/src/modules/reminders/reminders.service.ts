import { formatDate } from '@nestbox/shared/dates/format-date';
import { isUserLocale, type UserLocale } from '@nestbox/shared/i18n/locales';
import {
  type BeforeAfterOn,
  nextFireAfter,
  normalizedRule,
  planNextFire,
  type ReminderRule,
  type ReminderUnit,
} from '@nestbox/shared/reminders/fire-time';
import {
  REMINDER_EVENTS_PAGE_SIZE,
  type Reminder,
  type ReminderEvent,
  type ReminderEventsPage,
} from '@nestbox/shared/reminders/reminder.schema';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { createDomainEvents, type DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import { translate, translatePlural } from '../../i18n/translate.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderReminderMail } from '../../mail/templates.js';
import type { AccessService } from '../access/index.js';
import type { UndoEntry, UndoService } from '../undo/index.js';
import {
  type DueReminder,
  deleteLinkedReminders,
  deleteReminder,
  dismissEventsOf,
  type EventListRow,
  eventsOfReminder,
  eventsPage,
  findReminder,
  fireDueReminders,
  insertEvents,
  insertReminder,
  insertReminders,
  markEventsRead,
  pendingRemindersOfUser,
  type ReminderEventRow,
  type ReminderRow,
  reinsertReminders,
  remindersOfUserOnItem,
  remindersOnItem,
  targetDateOf,
  unreadCounts,
  updateReminder,
} from './reminders.repository.js';

/** Due reminders claimed per transaction (1,000 rows per statement): fewer commits, short locks. */
export const REMINDER_CLAIM_BATCH = 5000;

/** The stored rule as the shared rules read it. */
function ruleOf(row: Pick<ReminderRow, 'number_of' | 'unit' | 'before_after_on' | 'repeat'>): ReminderRule {
  return {
    numberOf: row.number_of,
    unit: row.unit,
    beforeAfterOn: row.before_after_on,
    repeat: row.repeat === 1,
  };
}

function presentReminder(row: ReminderRow): Reminder {
  const rule = ruleOf(row);
  return {
    _id: row.id,
    itemId: row.item_id,
    ...rule,
    linkedDirectlyToTargetDate: row.linked_directly_to_target_date === 1,
    nextFireDate: row.next_fire_at,
  };
}

/** "1 day before the target date", "On the target date, then every 2 weeks", translated. */
export function reminderInfo(rule: ReminderRule, locale: UserLocale): string {
  const n = rule.numberOf;
  if (rule.beforeAfterOn === 'on')
    return rule.repeat
      ? translate(locale, 'reminder.info.repeat', {
          every: translatePlural(locale, `reminder.every.${rule.unit}`, n),
        })
      : translate(locale, 'reminder.info.on');
  return translate(locale, `reminder.info.${rule.beforeAfterOn}`, {
    amount: translatePlural(locale, `reminder.amount.${rule.unit}`, n),
  });
}

/**
 * A fired event as the list shows it. An event of an item the user can no longer see (no
 * longer shared with them, or moved out of their sight) stays in the list, so paging is not
 * upset, but says only that: neither its title nor a way to it.
 */
function presentEvent(row: EventListRow, locale: UserLocale, accessible: boolean): ReminderEvent {
  const rule = ruleOf(row);
  const repeat = normalizedRule(rule).repeat;
  return {
    _id: row.id,
    itemId: row.item_id,
    reminderId: row.reminder_id,
    title: accessible ? row.title : translate(locale, 'reminder.itemUnavailable'),
    reminderEventDate: row.event_date,
    reminderInfo: reminderInfo(rule, locale),
    repeat,
    reminderArchived: !accessible || row.archived_at !== null || (repeat && row.next_fire_at === null),
    unread: row.unread === 1,
    accessible,
  };
}

/** What undoes a removed reminder: the reminder as it was and the item's target date then (its events are the rows). */
interface RemovalUndo {
  reminder: ReminderRow;
  targetDate: number | null;
}

/** A reminder an import gives its importer, on an item it made. */
export interface ImportedReminder {
  itemId: string;
  /** The item's target date (null: the reminder waits for one). */
  targetDate: number | null;
  rule: ReminderRuleInput;
  linkedDirectlyToTargetDate: boolean;
}

export interface ReminderRuleInput {
  numberOf: number;
  unit: ReminderUnit;
  beforeAfterOn: BeforeAfterOn;
  repeat: boolean;
}

/**
 * Reminders (SPEC §3, §4): per user and item. The caller must be able to read the item (any
 * level: a reminder changes nothing others see); a reminder is only ever its owner's, and
 * anyone else's id answers 404. Fired occurrences become unread events, pushed to the
 * owner's badge as `reminders:unread-count` and, when the owner asked for it, e-mailed.
 */
export function createRemindersService({
  db,
  engine,
  access,
  events = createDomainEvents(),
  now,
  mailer,
  appUrl = '',
  onError = () => {},
  undo,
}: {
  db: Executor;
  engine: DbEngine;
  access: AccessService;
  events?: DomainEventBus;
  now: Clock;
  mailer?: Mailer;
  appUrl?: string;
  onError?: (error: unknown) => void;
  /** Records removed reminders, so their owner may undo the removal. */
  undo?: UndoService;
}) {
  /** The target date of an item the caller can read (any level); 404 otherwise. */
  async function readableTargetDate(user: UserRow, itemId: string): Promise<number | null> {
    await access.authorize(user.id, itemId, 'read');
    const targetDate = await targetDateOf(db, itemId);
    if (targetDate === undefined) throw appErrors.notFound();
    return targetDate;
  }

  /** The caller's own reminder on an item they can still read; anything else is 404. */
  async function ownReminder(user: UserRow, reminderId: string) {
    const reminder = await findReminder(db, reminderId);
    if (reminder?.user_id !== user.id) throw appErrors.notFound();
    return { reminder, targetDate: await readableTargetDate(user, reminder.item_id) };
  }

  async function pushCounts(userIds: string[]) {
    if (userIds.length === 0) return;
    events.emit('reminders.unreadCounts', { counts: await unreadCounts(db, userIds) });
  }

  const userLocale = (locale: string): UserLocale => (isUserLocale(locale) ? locale : 'en-GB');

  async function emailFired(fired: DueReminder[]) {
    if (!mailer) return;
    for (const reminder of fired) {
      if (reminder.reminder_emails !== 1) continue;
      await mailer
        .send(
          renderReminderMail({
            to: reminder.email,
            name: reminder.name,
            locale: userLocale(reminder.locale),
            title: reminder.title,
            date: formatDate(
              reminder.next_fire_at,
              reminder.timezone,
              userLocale(reminder.locale),
              'EEEE d MMMM yyyy, HH:mm',
            ),
            link: `${appUrl}/app`,
          }),
        )
        .catch(onError);
    }
  }

  /** Plans every reminder on the item again from `at` (the target date changed, or came back). */
  async function replan(trx: Executor, itemId: string, targetDate: number | null, at: number) {
    for (const reminder of await remindersOnItem(trx, itemId)) {
      const next = planNextFire(targetDate, ruleOf(reminder), reminder.timezone, at);
      if (next !== reminder.next_fire_at)
        await updateReminder(trx, reminder.id, { next_fire_at: next, updated_at: at });
    }
  }

  /**
   * Gives a removed reminder back to its owner, under its own id, with its rule and its fired
   * events, while they can still read the item. It is planned from now as it would have gone
   * on: an occurrence that fell while it was away does not fire late, one dismissed stays
   * dismissed, and a target date changed meanwhile plans it afresh.
   */
  async function restoreReminder(user: UserRow, entry: UndoEntry<RemovalUndo, ReminderEventRow>) {
    const { reminder, targetDate: dateThen } = entry.payload;
    const targetDate = await readableTargetDate(user, reminder.item_id);
    await db.transaction().execute(async (trx) => {
      const slices = await entry.claim(trx);
      if (await findReminder(trx, reminder.id)) throw appErrors.conflict('undo.changedSince');
      const at = now();
      const goesOn = reminder.next_fire_at !== null || targetDate !== dateThen;
      await insertReminder(trx, {
        ...reminder,
        next_fire_at: goesOn ? planNextFire(targetDate, ruleOf(reminder), user.timezone, at) : null,
        updated_at: at,
      });
      for await (const slice of slices) await insertEvents(trx, slice);
    });
    await pushCounts([user.id]);
  }

  undo?.handle('reminders.remove', restoreReminder);

  return {
    async create(user: UserRow, itemId: string, input: ReminderRuleInput): Promise<string> {
      const targetDate = await readableTargetDate(user, itemId);
      const rule = normalizedRule(input);
      const at = now();
      const id = newId();
      await insertReminder(db, {
        id,
        user_id: user.id,
        item_id: itemId,
        number_of: rule.numberOf,
        unit: rule.unit,
        before_after_on: rule.beforeAfterOn,
        repeat: rule.repeat ? 1 : 0,
        linked_directly_to_target_date: 0,
        next_fire_at: planNextFire(targetDate, rule, user.timezone, at),
        created_at: at,
        updated_at: at,
      });
      return id;
    },

    /**
     * Gives the importer these reminders on items the import just made, inside its
     * transaction, each planned from `at` in the importer's time zone as a new one is.
     */
    async insertImported(
      trx: Executor,
      {
        userId,
        timeZone,
        at,
        reminders,
      }: { userId: string; timeZone: string; at: number; reminders: readonly ImportedReminder[] },
    ): Promise<void> {
      await insertReminders(
        trx,
        reminders.map(({ itemId, targetDate, rule: input, linkedDirectlyToTargetDate }) => {
          const rule = normalizedRule(input);
          return {
            id: newId(),
            user_id: userId,
            item_id: itemId,
            number_of: rule.numberOf,
            unit: rule.unit,
            before_after_on: rule.beforeAfterOn,
            repeat: rule.repeat ? 1 : 0,
            linked_directly_to_target_date: linkedDirectlyToTargetDate ? 1 : 0,
            next_fire_at: planNextFire(targetDate, rule, timeZone, at),
            created_at: at,
            updated_at: at,
          };
        }),
      );
    },

    async listForItem(user: UserRow, itemId: string): Promise<Reminder[]> {
      await readableTargetDate(user, itemId);
      return (await remindersOfUserOnItem(db, user.id, itemId, { includeLinked: false })).map(
        presentReminder,
      );
    },

    async update(user: UserRow, reminderId: string, input: ReminderRuleInput): Promise<void> {
      const { targetDate } = await ownReminder(user, reminderId);
      const rule = normalizedRule(input);
      const at = now();
      await updateReminder(db, reminderId, {
        number_of: rule.numberOf,
        unit: rule.unit,
        before_after_on: rule.beforeAfterOn,
        repeat: rule.repeat ? 1 : 0,
        next_fire_at: planNextFire(targetDate, rule, user.timezone, at),
        updated_at: at,
      });
    },

    /** Removes the caller's reminder and its events; answers the id that undoes it. */
    async remove(user: UserRow, reminderId: string): Promise<string | undefined> {
      const { targetDate } = await ownReminder(user, reminderId);
      const undoId = await db.transaction().execute(async (trx) => {
        const reminder = await findReminder(trx, reminderId);
        if (!reminder) throw appErrors.notFound();
        const fired = await eventsOfReminder(trx, reminderId);
        await deleteReminder(trx, reminderId);
        return undo?.record<RemovalUndo, ReminderEventRow>(trx, {
          userId: user.id,
          kind: 'reminders.remove',
          payload: { reminder, targetDate },
          rows: fired,
        });
      });
      // Its events go with it (cascade): the badge may have dropped.
      await pushCounts([user.id]);
      return undoId;
    },

    /** 'Dismiss All': no more occurrences of this reminder (until its rule or target date changes). */
    async dismissFuture(user: UserRow, reminderId: string): Promise<void> {
      await ownReminder(user, reminderId);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await updateReminder(trx, reminderId, { next_fire_at: null, updated_at: at });
        await dismissEventsOf(trx, reminderId, at);
      });
    },

    async events(
      user: UserRow,
      body: {
        beginDate?: number | null | undefined;
        lastReminderEventDateInList?: number | null | undefined;
        lastReminderEventIdInList?: string | null | undefined;
        unreadOnly: boolean;
      },
      locale: UserLocale,
    ): Promise<ReminderEventsPage> {
      const last = body.lastReminderEventDateInList ?? null;
      const rows = await eventsPage(db, user.id, {
        beginDate: body.beginDate ?? null,
        cursor: last === null ? null : { date: last, id: body.lastReminderEventIdInList ?? null },
        unreadOnly: body.unreadOnly,
        limit: REMINDER_EVENTS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, REMINDER_EVENTS_PAGE_SIZE);
      const accessible = new Set<string>();
      for (const itemId of new Set(page.map((row) => row.item_id)))
        if (await access.levelOf(user.id, itemId)) accessible.add(itemId);
      return {
        events: page.map((row) => presentEvent(row, locale, accessible.has(row.item_id))),
        hasMore: rows.length > REMINDER_EVENTS_PAGE_SIZE,
      };
    },

    async markRead(user: UserRow, eventIds: string[]): Promise<{ count: number }> {
      await markEventsRead(db, user.id, eventIds);
      const counts = await unreadCounts(db, [user.id]);
      events.emit('reminders.unreadCounts', { counts });
      return { count: counts.get(user.id) ?? 0 };
    },

    async unreadCount(user: UserRow): Promise<{ count: number }> {
      return { count: (await unreadCounts(db, [user.id])).get(user.id) ?? 0 };
    },

    /**
     * The item's target date changed to `targetDate` (null: cleared), inside the caller's
     * transaction. Cleared: the reminders linked to it go, the others wait for a new date.
     * Set: the caller gets the linked 'on' reminder (hidden from the list) if they have none,
     * and every reminder on the item, whoever owns it, is planned again from now. Answers the
     * reminders it removed (for an undo of the clearing, see `targetDateRestored`).
     */
    async targetDateChanged(
      trx: Executor,
      {
        itemId,
        userId,
        targetDate,
        at,
      }: { itemId: string; userId: string; targetDate: number | null; at: number },
    ): Promise<ReminderRow[]> {
      let removed: ReminderRow[] = [];
      if (targetDate === null) removed = await deleteLinkedReminders(trx, itemId);
      else if (
        !(await remindersOfUserOnItem(trx, userId, itemId, { includeLinked: true })).some(
          (r) => r.linked_directly_to_target_date === 1,
        )
      ) {
        await insertReminder(trx, {
          id: newId(),
          user_id: userId,
          item_id: itemId,
          number_of: 1,
          unit: 'days',
          before_after_on: 'on',
          repeat: 0,
          linked_directly_to_target_date: 1,
          next_fire_at: null,
          created_at: at,
          updated_at: at,
        });
      }
      await replan(trx, itemId, targetDate, at);
      return removed;
    },

    /**
     * An undo gave the item back the target date it had before it was cleared, inside the
     * undo's transaction: the reminders linked to it come back (`removed`, what
     * `targetDateChanged` answered then) and every reminder on the item is planned from now.
     */
    async targetDateRestored(
      trx: Executor,
      {
        itemId,
        targetDate,
        removed,
        at,
      }: { itemId: string; targetDate: number; removed: unknown; at: number },
    ): Promise<void> {
      await reinsertReminders(trx, Array.isArray(removed) ? (removed as ReminderRow[]) : []);
      await replan(trx, itemId, targetDate, at);
    },

    /**
     * The user's time zone changed to `timeZone`, inside the caller's transaction: the
     * reminders still to fire are planned again in it, from now (a day before a target date
     * starts at midnight where the user now is). Fired and dismissed ones stay as they are.
     */
    async timeZoneChanged(
      trx: Executor,
      { userId, timeZone, at }: { userId: string; timeZone: string; at: number },
    ): Promise<void> {
      for (const reminder of await pendingRemindersOfUser(trx, userId)) {
        const next = planNextFire(reminder.target_date, ruleOf(reminder), timeZone, at);
        if (next !== reminder.next_fire_at)
          await updateReminder(trx, reminder.id, { next_fire_at: next, updated_at: at });
      }
    },

    /**
     * The scheduler's job: fires everything due at `now`, REMINDER_CLAIM_BATCH at a time, then
     * pushes each affected user's unread count and sends the e-mails. Answers how many fired.
     */
    async runDue(runAt: number, batch = REMINDER_CLAIM_BATCH): Promise<number> {
      let firedCount = 0;
      const users = new Set<string>();
      for (;;) {
        const { claimed, fired } = await fireDueReminders(db, engine, runAt, batch, {
          nextOf: (due) =>
            due.target_date === null
              ? null
              : nextFireAfter(due.target_date, ruleOf(due), due.timezone, due.next_fire_at, runAt),
          newEventId: newId,
          stillSee: (trx, pairs) => access.pairsThatSee(pairs, trx),
        });
        firedCount += fired.length;
        for (const { reminder } of fired) users.add(reminder.user_id);
        if (fired.length > 0) {
          void emailFired(fired.map((event) => event.reminder)).catch(onError);
          events.emit('reminders.fired', {
            fired: fired.map(({ reminder }) => ({
              reminderId: reminder.id,
              userId: reminder.user_id,
              itemId: reminder.item_id,
              title: reminder.title,
              fireAt: reminder.next_fire_at,
              timezone: reminder.timezone,
              locale: reminder.locale,
            })),
          });
        }
        if (claimed < batch) break;
      }
      await pushCounts([...users]).catch(onError);
      return firedCount;
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
