import { z } from 'zod';
import { dateMsSchema } from '../dates/date-range.js';
import { BEFORE_AFTER_ON, REMINDER_DEFAULTS, REMINDER_NUMBER_PATTERN, REMINDER_UNITS } from './fire-time.js';

const id = z.string().min(1).max(64);

/** Query strings carry text: 'true' / 'false' (or 1 / 0) for repeat. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** SPEC §5: digits only, no leading zero, 1-999. */
const numberOf = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .refine((value) => REMINDER_NUMBER_PATTERN.test(value), { error: 'validation.reminder.numberOf' })
  .transform(Number);

const ruleFields = {
  numberOf,
  unit: z.enum(REMINDER_UNITS, { error: 'validation.reminder.unit' }),
  beforeAfterOn: z.enum(BEFORE_AFTER_ON, { error: 'validation.reminder.beforeAfterOn' }),
  repeat: flag.default(false),
};

/** `POST /api/reminders/create-item-reminder` (query string, API.md); SPEC §9 defaults. */
export const CreateReminderQuerySchema = z.object({
  itemId: id,
  numberOf: numberOf.default(REMINDER_DEFAULTS.numberOf),
  unit: ruleFields.unit.default(REMINDER_DEFAULTS.unit),
  beforeAfterOn: ruleFields.beforeAfterOn.default(REMINDER_DEFAULTS.beforeAfterOn),
  repeat: ruleFields.repeat,
});
/** `PUT /api/reminders/update-item-reminder` (query string, API.md). */
export const UpdateReminderQuerySchema = z.object({ reminderId: id, ...ruleFields });
export const ReminderIdQuerySchema = z.object({ reminderId: id });
export const DismissFutureEventsBodySchema = z.object({ reminderId: id });

/** A reminder rule (SPEC §3). */
export const ReminderSchema = z
  .object({
    _id: z.string(),
    itemId: z.string(),
    numberOf: z.number().int(),
    unit: z.enum(REMINDER_UNITS),
    beforeAfterOn: z.enum(BEFORE_AFTER_ON),
    repeat: z.boolean(),
    linkedDirectlyToTargetDate: z.boolean(),
    nextFireDate: z.number().nullable().describe('When it fires next (UTC ms), or null.'),
  })
  .meta({ id: 'Reminder' });

/** Events per page of get-reminder-events. */
export const REMINDER_EVENTS_PAGE_SIZE = 25;

/**
 * `POST /api/reminders/get-reminder-events`: newest first. `beginDate` keeps only events at or
 * after it; `lastReminderEventDateInList` (with `lastReminderEventIdInList` to break ties)
 * asks for the page after the last event the client holds.
 */
export const ReminderEventsBodySchema = z
  .object({
    beginDate: dateMsSchema.nullable().optional(),
    lastReminderEventDateInList: dateMsSchema.nullable().optional(),
    lastReminderEventIdInList: z.string().max(64).nullable().optional(),
    unreadOnly: z.boolean().default(false),
  })
  .meta({ id: 'ReminderEventsBody' });

/** What an event in the list is: a reminder's occurrence, or a comment naming the reader. */
export const REMINDER_EVENT_KINDS = ['reminder', 'mention'] as const;

/**
 * An event of the unread list: a fired occurrence (SPEC §3 "Reminder event"), or a mention of
 * the reader in a comment on an item they see (`kind` 'mention': no reminder, and `mention`
 * says who wrote what).
 */
export const ReminderEventSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(REMINDER_EVENT_KINDS),
    itemId: z.string(),
    reminderId: z.string().nullable().describe('The reminder that fired; null for a mention.'),
    title: z.string(),
    reminderEventDate: z.number(),
    reminderInfo: z.string().describe('What the reminder is, translated (e.g. "Every 2 days").'),
    repeat: z.boolean(),
    reminderArchived: z
      .boolean()
      .describe('The item is archived, or the repeating reminder has no future events left.'),
    unread: z.boolean(),
    accessible: z
      .boolean()
      .describe(
        'The user can still see the item; when not, the title only says so and there is no way to it.',
      ),
    mention: z
      .object({
        commentId: z.string(),
        by: z.string().describe("The writer's name."),
        excerpt: z.string().describe('The start of the comment; empty when the item is out of sight.'),
      })
      .nullable()
      .describe('For a mention: who wrote it and how it starts; null for a reminder.'),
  })
  .meta({ id: 'ReminderEvent' });

export const ReminderEventsPageSchema = z
  .object({ events: z.array(ReminderEventSchema), hasMore: z.boolean() })
  .meta({ id: 'ReminderEventsPage' });

export const MarkEventsReadBodySchema = z.object({ remindersEventIds: z.array(id).max(1000) });

export const UnreadCountSchema = z.object({ count: z.number().int() });

/** A new reminder: its id. */
export const ReminderCreatedSchema = z.object({ data: z.string() });

export type Reminder = z.infer<typeof ReminderSchema>;
export type ReminderEvent = z.infer<typeof ReminderEventSchema>;
export type ReminderEventsPage = z.infer<typeof ReminderEventsPageSchema>;
export type ReminderEventsBody = z.input<typeof ReminderEventsBodySchema>;

export type CreateReminderQuery = z.input<typeof CreateReminderQuerySchema>;
export type UpdateReminderQuery = z.input<typeof UpdateReminderQuerySchema>;
export type ReminderIdQuery = z.input<typeof ReminderIdQuerySchema>;
export type DismissFutureEventsBody = z.input<typeof DismissFutureEventsBodySchema>;
export type MarkEventsReadBody = z.input<typeof MarkEventsReadBodySchema>;
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
