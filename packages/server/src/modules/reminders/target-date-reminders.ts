import { planNextFire } from '@nestbox/shared/reminders/fire-time';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/schema.js';
import type { ReminderRow } from './reminders.contract.js';
import { ruleOf } from './reminders.presenter.js';
import {
  deleteLinkedReminders,
  insertReminder,
  pendingRemindersOfUser,
  reinsertReminders,
  remindersOfUserOnItem,
  remindersOnItem,
  updateReminder,
} from './reminders.repository.js';

/*
 * Reminders follow their item's target date and their owner's time zone: these run inside
 * the transaction of the change that moved them (an item's date, an undo, a user's zone).
 */

/** Plans every reminder on the item again from `at` (the target date changed, or came back). */
async function replan(trx: Executor, itemId: string, targetDate: number | null, at: number) {
  for (const reminder of await remindersOnItem(trx, itemId)) {
    const next = planNextFire(targetDate, ruleOf(reminder), reminder.timezone, at);
    if (next !== reminder.next_fire_at)
      await updateReminder(trx, reminder.id, { next_fire_at: next, updated_at: at });
  }
}

/**
 * The item's target date changed to `targetDate` (null: cleared), inside the caller's
 * transaction. Cleared: the reminders linked to it go, the others wait for a new date.
 * Set: the caller gets the linked 'on' reminder (hidden from the list) if they have none,
 * and every reminder on the item, whoever owns it, is planned again from now. Answers the
 * reminders it removed (for an undo of the clearing, see `targetDateRestored`).
 */
export async function targetDateChanged(
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
}

/**
 * An undo gave the item back the target date it had before it was changed, inside the
 * undo's transaction: the reminders linked to it come back (`removed`, what
 * `targetDateChanged` answered then) and every reminder on the item is planned from now.
 * Back to no date (an undo of setting one): the linked reminders go, as when a date is cleared.
 */
export async function targetDateRestored(
  trx: Executor,
  {
    itemId,
    targetDate,
    removed,
    at,
  }: { itemId: string; targetDate: number | null; removed: unknown; at: number },
): Promise<void> {
  if (targetDate === null) await deleteLinkedReminders(trx, itemId);
  await reinsertReminders(trx, Array.isArray(removed) ? (removed as ReminderRow[]) : []);
  await replan(trx, itemId, targetDate, at);
}

/**
 * The user's time zone changed to `timeZone`, inside the caller's transaction: the
 * reminders still to fire are planned again in it, from now (a day before a target date
 * starts at midnight where the user now is). Fired and dismissed ones stay as they are.
 */
export async function timeZoneChanged(
  trx: Executor,
  { userId, timeZone, at }: { userId: string; timeZone: string; at: number },
): Promise<void> {
  for (const reminder of await pendingRemindersOfUser(trx, userId)) {
    const next = planNextFire(reminder.target_date, ruleOf(reminder), timeZone, at);
    if (next !== reminder.next_fire_at)
      await updateReminder(trx, reminder.id, { next_fire_at: next, updated_at: at });
  }
}
