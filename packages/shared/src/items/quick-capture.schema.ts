import { z } from 'zod';
import { TEXT_TITLE_MAX_LENGTH } from '../constants.js';
import { dateMsSchema } from '../dates/date-range.js';
import { RecurrenceRuleSchema } from '../recurrence/recurrence.schema.js';
import { NewItemIdSchema } from './item.schema.js';

/**
 * `POST /api/items/quick-capture` (201, the created text item): a text captured from anywhere.
 * Without `boxId` it goes to the top of the caller's Inbox box (made on first use, at the top
 * of their Workspace); with it, last in that box or right after `afterItemId`. The title is what is left of the typed text
 * once the date, `#box` and `!` marks are taken out (the web app's parser does that).
 */
export const QuickCaptureBodySchema = z
  .object({
    itemId: NewItemIdSchema.optional(),
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(TEXT_TITLE_MAX_LENGTH, { error: 'validation.title.tooLong' }),
    boxId: z.string().min(1).max(64).optional().describe('The box it goes into; the Inbox when left out.'),
    afterItemId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('With `boxId`: right after this item of the box (a line typed in a pane); else last.'),
    targetDate: dateMsSchema
      .optional()
      .describe(
        'Target date (UTC ms), as Item settings sets it: it also gives the caller its linked reminder.',
      ),
    targetHasTime: z
      .boolean()
      .optional()
      .describe('With `targetDate`: whether a time of day was given (so 00:00 is a time, not a day alone).'),
    recurrence: z
      .object({ rule: RecurrenceRuleSchema, fromCompletion: z.boolean().default(false) })
      .optional()
      .describe(
        'A recurrence (read from "every Monday"…): set with the target date, as set-recurrence does.',
      ),
    markedAsForToday: z.boolean().optional().describe("Pinned to Today in the caller's Organizer."),
    prioritize: z
      .boolean()
      .optional()
      .describe("Ranked first of its group in the caller's Organizer (Today, its day, or Undated)."),
  })
  .meta({ id: 'QuickCaptureBody' });

export type QuickCaptureBody = z.input<typeof QuickCaptureBodySchema>;
