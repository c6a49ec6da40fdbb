import type { Selectable } from 'kysely';
import type { RemindersTable } from '../../db/schema.js';

/**
 * A reminder as stored, as the reminders service hands it to other modules (the calendar feed
 * plans its alarms from it).
 */
export type ReminderRow = Selectable<RemindersTable>;
