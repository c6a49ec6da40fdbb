import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH } from '../constants.js';
import { ITEM_TYPES } from './item.schema.js';

/** How many results `find-items` answers at most. */
export const FIND_LIMIT_MAX = 50;

/**
 * `GET /api/items/find-items`: the command palette's and quick capture's finder. A fuzzy match
 * on the titles of every box and text the caller can see (archived ones left out), best first;
 * with an empty `q`, the items the caller sees that changed most recently. (No schema id: a
 * querystring is documented field by field, never as a reference to a component.)
 */
export const FindItemsQuerySchema = z.object({
  q: z.string().max(SEARCH_TERM_MAX_LENGTH).default(''),
  type: z.enum(ITEM_TYPES).optional().describe('Only boxes (todoBox) or only texts (todoText).'),
  limit: z.coerce.number().int().min(1).max(FIND_LIMIT_MAX).default(20),
});

/** One match: enough to show it with its place and to open it. */
export const FoundItemSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    itemType: z.enum(ITEM_TYPES),
    completed: z.boolean(),
    parentItemId: z
      .string()
      .nullable()
      .describe('The box it sits in, or null when the caller does not see that box.'),
    path: z
      .array(z.string())
      .describe(
        "Titles of the boxes above it that the caller sees, outermost first, the Workspace left out: ['Home', 'Kitchen'].",
      ),
    /** Character ranges of `title` that matched `q` ([start, end) pairs), for highlighting. */
    highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  })
  .meta({ id: 'FoundItem' });

export const FindItemsResponseSchema = z
  .object({ results: z.array(FoundItemSchema) })
  .meta({ id: 'FindItemsResponse' });

/** What a client asks: every field may be left to its default. */
export type FindItemsQuery = Partial<z.infer<typeof FindItemsQuerySchema>>;
export type FoundItem = z.infer<typeof FoundItemSchema>;
export type FindItemsResponse = z.infer<typeof FindItemsResponseSchema>;
