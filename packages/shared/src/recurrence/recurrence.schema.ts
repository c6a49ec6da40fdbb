import { z } from 'zod';
import { dateMsSchema } from '../dates/date-range.js';
import { RECURRENCE_RULE_MAX_LENGTH, recurrenceRuleError } from './recurrence-rule.js';

const id = z.string().min(1).max(64);

/**
 * An RFC 5545 RRULE as Nestbox keeps it (docs/guide.md "Recurring items"): daily to yearly, no
 * DTSTART (the target date is the current occurrence), at most RECURRENCE_RULE_MAX_LENGTH
 * characters; anything else is a translated 400 naming why.
 */
export const RecurrenceRuleSchema = z
  .string()
  .max(RECURRENCE_RULE_MAX_LENGTH, { error: 'validation.recurrence.tooLong' })
  .superRefine((rule, context) => {
    const error = recurrenceRuleError(rule);
    if (error) context.addIssue({ code: 'custom', message: error });
  })
  .describe('An RFC 5545 RRULE without DTSTART, e.g. `FREQ=WEEKLY;BYDAY=MO` (daily to yearly).');

/**
 * A rule text before it is read: only its length. Where reading it waits for a check of the
 * caller's rights (set-recurrence), the server reads it with `recurrenceRuleError` afterwards.
 */
export const RecurrenceRuleTextSchema = z
  .string()
  .max(RECURRENCE_RULE_MAX_LENGTH, { error: 'validation.recurrence.tooLong' })
  .describe(RecurrenceRuleSchema.description ?? '');

/**
 * `PUT /api/items/set-recurrence`: a text item's recurrence (null clears it), and whether the
 * next occurrence counts from the completion. A recurrence needs a target date: an item
 * without one gets the rule's first occurrence from today on.
 */
export const SetRecurrenceBodySchema = z
  .object({
    itemId: id,
    rule: RecurrenceRuleTextSchema.nullable(),
    fromCompletion: z
      .boolean()
      .optional()
      .describe('Count the next occurrence from the completion (`every!`).'),
  })
  .meta({ id: 'SetRecurrenceBody' });

/**
 * `PUT /api/items/complete` (and `uncomplete`, which reads `itemId` only). A recurring item
 * moves to its next occurrence instead of completing; `occurrence` is the target date the
 * caller saw, so a second completion of the same occurrence (two people at once) advances
 * nothing; `forever` ends the recurrence and completes the item.
 */
export const CompleteItemBodySchema = z
  .object({
    itemId: id,
    occurrence: dateMsSchema
      .optional()
      .describe('The target date being completed; when it moved on meanwhile, nothing advances again.'),
    forever: z.boolean().optional().describe('End the recurrence and complete the item.'),
  })
  .meta({ id: 'CompleteItemBody' });

/** `GET /api/items/get-completions?itemId`: a recurring item's completed occurrences, newest first. */
export const ItemCompletionsSchema = z
  .object({
    completions: z.array(
      z.object({
        occurrence: z.number().describe('The target date that was completed (UTC ms).'),
        completedAt: z.number(),
        by: z.string().nullable().describe('Who completed it (display name), null once they are gone.'),
      }),
    ),
  })
  .meta({ id: 'ItemCompletions' });

export type SetRecurrenceBody = z.infer<typeof SetRecurrenceBodySchema>;
export type CompleteItemBody = z.infer<typeof CompleteItemBodySchema>;
export type ItemCompletions = z.infer<typeof ItemCompletionsSchema>;
