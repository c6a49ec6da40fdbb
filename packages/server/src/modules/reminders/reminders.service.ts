import type { UserLocale } from '@nestbox/shared/i18n/locales';
import {
  type BeforeAfterOn,
  normalizedRule,
  planNextFire,
  type ReminderUnit,
} from '@nestbox/shared/reminders/fire-time';
import {
  REMINDER_EVENTS_PAGE_SIZE,
  type Reminder,
  type ReminderEventsPage,
} from '@nestbox/shared/reminders/reminder.schema';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { createDomainEvents, type DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AccessService } from '../access/access.service.js';
import type { UndoEntry, UndoService } from '../undo/undo.service.js';
import { createMentions } from './mentions.js';
import {
  dismissEventsOf,
  eventsOfReminder,
  insertEvents,
  listPage,
  markEventsRead,
  unreadCounts,
} from './reminder-events.repository.js';
import { createReminderFiring } from './reminder-firing.js';

export type { Mentions } from './mentions.js';
export { REMINDER_CLAIM_BATCH } from './reminder-firing.js';

import type { ReminderRow } from './reminders.contract.js';
import { presentEvent, presentMention, presentReminder, ruleOf } from './reminders.presenter.js';
import * as records from './reminders.repository.js';
import {
  deleteReminder,
  findReminder,
  insertReminder,
  insertReminders,
  type ReminderEventRow,
  remindersOfUserOnItem,
  targetDateOf,
  updateReminder,
} from './reminders.repository.js';
import { targetDateChanged, targetDateRestored, timeZoneChanged } from './target-date-reminders.js';

/**
 * The caller's own reminders on items that have a target date (not the ones linked to the
 * date itself), oldest first: the calendar feed's alarms.
 */
export const shownRemindersOnDatedItems: typeof records.shownRemindersOnDatedItems = (db, userId) =>
  records.shownRemindersOnDatedItems(db, userId);

/** A summary of what `shownRemindersOnDatedItems` reads, cheap to compute: it changes when they do. */
export const shownRemindersVersion: typeof records.shownRemindersVersion = (db, userId) =>
  records.shownRemindersVersion(db, userId);

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

/** A new reminder's row: its rule as stored, planned from `at` in `timeZone`. */
function newReminderRow(
  {
    userId,
    itemId,
    targetDate,
    timeZone,
    at,
    linked,
  }: {
    userId: string;
    itemId: string;
    targetDate: number | null;
    timeZone: string;
    at: number;
    linked: boolean;
  },
  input: ReminderRuleInput,
): ReminderRow {
  const rule = normalizedRule(input);
  return {
    id: newId(),
    user_id: userId,
    item_id: itemId,
    number_of: rule.numberOf,
    unit: rule.unit,
    before_after_on: rule.beforeAfterOn,
    repeat: rule.repeat ? 1 : 0,
    linked_directly_to_target_date: linked ? 1 : 0,
    next_fire_at: planNextFire(targetDate, rule, timeZone, at),
    created_at: at,
    updated_at: at,
  };
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
  const { pushCounts, runDue } = createReminderFiring({
    db,
    engine,
    access,
    events,
    mailer,
    appUrl,
    onError,
  });
  const mentions = createMentions({ pushCounts, mailer, appUrl, db, onError });

  /** The target date of an item the caller can read (any level); 404 otherwise. */
  async function readableTargetDate(user: UserRow, itemId: string): Promise<number | null> {
    await access.authorize(user.id, itemId, 'read', db);
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
        reminders.map(({ itemId, targetDate, rule, linkedDirectlyToTargetDate }) =>
          newReminderRow(
            { userId, itemId, targetDate, timeZone, at, linked: linkedDirectlyToTargetDate },
            rule,
          ),
        ),
      );
    },

    /**
     * The caller's own reminders on an item, but the one linked to its date, read inside the
     * caller's transaction: what a CalDAV task shows as its alarms.
     */
    ownOnItem: (trx: Executor, userId: string, itemId: string): Promise<ReminderRow[]> =>
      remindersOfUserOnItem(trx, userId, itemId, { includeLinked: false }),

    /**
     * Inside the caller's transaction (a CalDAV app's write of a task, rights checked there):
     * removes these reminders of the caller's on the item and adds these rules, each planned
     * from `at` in the caller's zone as a new one is. Their events go with them; the badge is
     * told by `pushUnreadCounts` once the transaction committed.
     */
    async replaceOwn(
      trx: Executor,
      {
        user,
        itemId,
        targetDate,
        remove,
        add,
        at,
      }: {
        user: UserRow;
        itemId: string;
        targetDate: number | null;
        remove: readonly string[];
        add: readonly ReminderRuleInput[];
        at: number;
      },
    ): Promise<void> {
      for (const id of remove) await deleteReminder(trx, id);
      const place = { userId: user.id, itemId, targetDate, timeZone: user.timezone, at, linked: false };
      await insertReminders(
        trx,
        add.map((rule) => newReminderRow(place, rule)),
      );
    },

    /** Tells these people's devices their unread counts (after a change made elsewhere removed events). */
    pushUnreadCounts: (userIds: readonly string[]) => pushCounts([...userIds]),

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
      const options = {
        beginDate: body.beginDate ?? null,
        cursor: last === null ? null : { date: last, id: body.lastReminderEventIdInList ?? null },
        unreadOnly: body.unreadOnly,
        limit: REMINDER_EVENTS_PAGE_SIZE + 1,
      };
      const rows = await listPage(db, user.id, options);
      const page = rows.slice(0, REMINDER_EVENTS_PAGE_SIZE);
      const accessible = new Set<string>();
      for (const itemId of new Set(page.map(({ row }) => row.item_id)))
        if (await access.levelOf(user.id, itemId, db)) accessible.add(itemId);
      return {
        events: page.map((event) =>
          event.kind === 'reminder'
            ? presentEvent(event.row, locale, accessible.has(event.row.item_id))
            : presentMention(event.row, locale, accessible.has(event.row.item_id)),
        ),
        hasMore: rows.length > REMINDER_EVENTS_PAGE_SIZE,
      };
    },

    async markRead(user: UserRow, eventIds: string[]): Promise<{ count: number }> {
      for (const table of ['reminder_events', 'mention_events'] as const)
        await markEventsRead(db, table, user.id, eventIds);
      const counts = await unreadCounts(db, [user.id]);
      events.emit('reminders.unreadCounts', { counts });
      return { count: counts.get(user.id) ?? 0 };
    },

    async unreadCount(user: UserRow): Promise<{ count: number }> {
      return { count: (await unreadCounts(db, [user.id])).get(user.id) ?? 0 };
    },

    /** Mentions in comments, which this list and badge carry beside fired reminders. */
    mentions,
    targetDateChanged,
    targetDateRestored,
    timeZoneChanged,
    runDue,
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
