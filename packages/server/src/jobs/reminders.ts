import type { RemindersService } from '../modules/reminders/reminders.service.js';
import type { ScheduledJob } from './scheduler.js';

/** Firing due reminders as a scheduler job, on its own shorter interval (REMINDERS_INTERVAL_MS). */
export function remindersJob(reminders: RemindersService): ScheduledJob {
  return { name: 'reminders', run: (now) => reminders.runDue(now) };
}
