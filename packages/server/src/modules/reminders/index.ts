/** The reminders module's public face for other modules: reads of a person's reminders. */
export {
  type ReminderRow,
  shownRemindersOnDatedItems,
  shownRemindersVersion,
} from './reminders.repository.js';
