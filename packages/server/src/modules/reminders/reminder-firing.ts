import { formatDate } from '@nestbox/shared/dates/format-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { nextFireAfter } from '@nestbox/shared/reminders/fire-time';
import type { DbEngine } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { Db } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderReminderMail } from '../../mail/templates.js';
import type { AccessService } from '../access/access.service.js';
import { type DueReminder, fireDueReminders, unreadCounts } from './reminder-events.repository.js';
import { ruleOf } from './reminders.presenter.js';

/** Due reminders claimed per transaction (1,000 rows per statement): fewer commits, short locks. */
export const REMINDER_CLAIM_BATCH = 5000;

/**
 * Reminders firing: the scheduler's claim of what is due (exactly once across instances),
 * the unread counts pushed to their owners' badges, and the e-mails of those who asked.
 */
export function createReminderFiring({
  db,
  engine,
  access,
  events,
  mailer,
  appUrl,
  onError,
}: {
  db: Db;
  engine: DbEngine;
  access: AccessService;
  events: DomainEventBus;
  mailer: Mailer | undefined;
  appUrl: string;
  onError: (error: unknown) => void;
}) {
  /** Tells these people's badges their unread counts. */
  async function pushCounts(userIds: string[]) {
    if (userIds.length === 0) return;
    events.emit('reminders.unreadCounts', { counts: await unreadCounts(db, userIds) });
  }

  async function emailFired(fired: DueReminder[]) {
    if (!mailer) return;
    for (const reminder of fired) {
      if (reminder.reminder_emails !== 1) continue;
      await mailer
        .send(
          renderReminderMail({
            to: reminder.email,
            name: reminder.name,
            locale: userLocaleOf(reminder.locale),
            title: reminder.title,
            date: formatDate(
              reminder.next_fire_at,
              reminder.timezone,
              userLocaleOf(reminder.locale),
              'EEEE d MMMM yyyy, HH:mm',
            ),
            link: `${appUrl}/app`,
          }),
        )
        .catch(onError);
    }
  }

  /**
   * The scheduler's job: fires everything due at `now`, REMINDER_CLAIM_BATCH at a time, then
   * pushes each affected user's unread count and sends the e-mails. Answers how many fired.
   */
  async function runDue(
    runAt: number,
    { batch = REMINDER_CLAIM_BATCH, userId }: { batch?: number; userId?: string } = {},
  ): Promise<number> {
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
        userId,
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
  }

  return { pushCounts, runDue };
}
