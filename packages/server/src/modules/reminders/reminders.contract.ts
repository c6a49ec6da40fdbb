import type { Selectable } from 'kysely';
import type { RemindersTable } from '../../db/schema.js';

/**
 * A reminder as stored, as the reminders service hands it to other modules (the calendar feed
 * plans its alarms from it).
 */
export type ReminderRow = Selectable<RemindersTable>;

/** A comment naming someone, as their notifications need it. */
export interface MentionNotice {
  userId: string;
  itemId: string;
  commentId: string;
  /** The writer's name. */
  by: string;
  /** The item's title. */
  title: string;
  /** The comment's words. */
  body: string;
  /** The language of the person named. */
  locale: string;
}
