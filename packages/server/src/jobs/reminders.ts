import type { RemindersService } from '../modules/reminders/reminders.service.js';
import type { ScheduledJob } from './scheduler.js';

/** The reminders job's name: what it did is the number of reminders it fired. */
export const REMINDERS_JOB = 'reminders';

/** Firing due reminders as a scheduler job, on its own shorter interval (REMINDERS_INTERVAL_MS). */
export function remindersJob(reminders: RemindersService): ScheduledJob {
  return { name: REMINDERS_JOB, run: (now) => reminders.runDue(now) };
}
