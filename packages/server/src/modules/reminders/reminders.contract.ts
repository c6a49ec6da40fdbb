import type { Selectable } from 'kysely';
import type { RemindersTable } from '../../db/schema.js';

/** The reminders module's types for other modules. */

/** A reminder as stored: what the calendar feed plans its alarms from. */
export type ReminderRow = Selectable<RemindersTable>;
