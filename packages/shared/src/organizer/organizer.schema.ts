import { z } from 'zod';
import {
  ORDER_DIRECTIONS,
  ORGANIZER_PAGE_MAX,
  PRIORITY_LIMIT,
  UNPRIORITIZED_ORDER_COLUMNS,
} from '../constants.js';
import { dateMsSchema } from '../dates/date-range.js';
import { ItemSchema } from '../items/item.schema.js';
import { normaliseTag, tagNameError } from '../tags/tags.js';

/** Longest `tags` filter of get-organizer (characters): a handful of tags. */
const ORGANIZER_TAGS_PARAM_MAX = 500;

/** An Organizer row: the item and the title of the box it sits in. */
export const OrganizerItemSchema = ItemSchema.extend({ parentTitle: z.string().nullable() }).meta({
  id: 'OrganizerItem',
});

/** Where the next page of each Organizer list starts. */
export const OrganizerCursorSchema = z.object({
  prioritizedOffset: z.coerce.number().int().min(0).default(0),
  unprioritizedOffset: z.coerce.number().int().min(0).default(0),
});

/**
 * `GET /api/items/get-organizer` query: without `limit`, everything at once; with it, up to
 * `limit` items of each list from the offsets on, each list in its display order (the
 * Prioritized list by group then priority, the Unprioritized list in the user's chosen order).
 */
export const OrganizerQuerySchema = OrganizerCursorSchema.extend({
  limit: z.coerce.number().int().min(1).max(ORGANIZER_PAGE_MAX).optional(),
  tags: z
    .string()
    .max(ORGANIZER_TAGS_PARAM_MAX)
    .optional()
    .transform((value, ctx) => {
      if (!value) return [];
      const names = value.split(',');
      for (const name of names) {
        const error = tagNameError(name);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }
      return [...new Set(names.map(normaliseTag))];
    })
    .describe('Comma-separated tag names: only items carrying every one of them.'),
});

/**
 * `GET /api/items/get-organizer`: prioritizable items (prioritised or not) and their parent
 * boxes; `next` is the query for the following page, null once both lists are complete.
 */
export const OrganizerResponseSchema = z
  .object({
    organizerItems: z.array(OrganizerItemSchema),
    parentOrganizerItems: z.record(z.string(), z.object({ _id: z.string(), title: z.string() })),
    next: z.object({ prioritizedOffset: z.number().int(), unprioritizedOffset: z.number().int() }).nullable(),
  })
  .meta({ id: 'Organizer' });

/** `PUT /api/items/update-priority`: the caller's rank and Today mark, and the shared target date. */
export const UpdatePriorityBodySchema = z
  .object({
    itemId: z.string().min(1).max(64),
    priority: z.number().min(-PRIORITY_LIMIT).max(PRIORITY_LIMIT).nullable(),
    markedAsForToday: z.boolean().optional(),
    priorityTargetDate: dateMsSchema.nullable().optional(),
    targetHasTime: z
      .boolean()
      .optional()
      .describe('With `priorityTargetDate`: whether it carries a time of day. Left out, it is not recorded.'),
  })
  .meta({ id: 'UpdatePriorityBody' });

/** `PUT /api/organizer/prioritized-width`: the split between the two lists, in percent. */
export const PrioritizedWidthBodySchema = z
  .object({ percentage: z.number().min(10).max(90) })
  .meta({ id: 'PrioritizedWidthBody' });

/** `PUT /api/organizer/unprioritized-order`. */
export const UnprioritizedOrderBodySchema = z
  .object({ column: z.enum(UNPRIORITIZED_ORDER_COLUMNS), dir: z.enum(ORDER_DIRECTIONS) })
  .meta({ id: 'UnprioritizedOrderBody' });

export type OrganizerItem = z.infer<typeof OrganizerItemSchema>;
export type OrganizerQuery = z.infer<typeof OrganizerQuerySchema>;
export type OrganizerPage = z.infer<typeof OrganizerResponseSchema>;
/** The priorities after a renumbering, by item id. */
export const PrioritiesByIdSchema = z.record(z.string(), z.number());

export type UpdatePriorityBody = z.infer<typeof UpdatePriorityBodySchema>;

export type OrganizerCursor = z.infer<typeof OrganizerCursorSchema>;
export type PrioritizedWidthBody = z.input<typeof PrioritizedWidthBodySchema>;
export type UnprioritizedOrderBody = z.input<typeof UnprioritizedOrderBodySchema>;
