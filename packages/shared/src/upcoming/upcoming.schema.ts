import { z } from 'zod';
import { ItemSchema } from '../items/item.schema.js';
import { UPCOMING_GROUPS } from './upcoming.js';

/** How many texts a page of Upcoming holds unless asked for fewer, and the most it may hold. */
export const UPCOMING_PAGE_DEFAULT = 200;
export const UPCOMING_PAGE_MAX = 500;

/**
 * Where a page of Upcoming starts: after the text with this target date and id (`<ms>:<id>`),
 * as the previous page's `next` said.
 */
const CURSOR_PATTERN = /^-?\d{1,16}:[A-Za-z0-9_-]{1,64}$/;

/** `GET /api/upcoming` query. (No schema id: a querystring is documented field by field.) */
export const UpcomingQuerySchema = z.object({
  cursor: z
    .string()
    .regex(CURSOR_PATTERN, { error: 'validation.invalidValue' })
    .optional()
    .describe("The previous page's `next`; none for the first page."),
  limit: z.coerce
    .number({ error: 'validation.invalidValue' })
    .int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(UPCOMING_PAGE_MAX, { error: 'validation.invalidValue' })
    .default(UPCOMING_PAGE_DEFAULT),
});

/** An Upcoming row: the text, the boxes above it, and where it shows. */
export const UpcomingItemSchema = ItemSchema.extend({
  path: z
    .array(z.string())
    .describe('Titles of the boxes above it that the caller sees, outermost first, the Workspace left out.'),
  group: z.enum(UPCOMING_GROUPS).describe("Its group, by the caller's time zone and the server's clock."),
  day: z.string().describe("The calendar day (yyyy-MM-dd) of its target date in the caller's time zone."),
}).meta({ id: 'UpcomingItem' });

/**
 * `GET /api/upcoming`: the open dated texts the caller sees, by target date then id; `today`
 * is the caller's day (yyyy-MM-dd) the groups were worked out on; `next` the cursor of the
 * following page, null on the last.
 */
export const UpcomingResponseSchema = z
  .object({
    items: z.array(UpcomingItemSchema),
    today: z.string(),
    next: z.string().nullable(),
  })
  .meta({ id: 'Upcoming' });

export type UpcomingQuery = z.infer<typeof UpcomingQuerySchema>;
export type UpcomingItem = z.infer<typeof UpcomingItemSchema>;
export type UpcomingPage = z.infer<typeof UpcomingResponseSchema>;
