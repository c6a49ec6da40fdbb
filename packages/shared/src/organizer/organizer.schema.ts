import { z } from 'zod';
import { ORDER_DIRECTIONS, UNPRIORITIZED_ORDER_COLUMNS } from '../constants.js';
import { ItemSchema } from '../items/item.schema.js';

/** An Organizer row: the item and the title of the box it sits in. */
export const OrganizerItemSchema = ItemSchema.extend({ parentTitle: z.string().nullable() }).meta({
  id: 'OrganizerItem',
});

/** `GET /api/items/get-organizer`: every prioritizable item (prioritised or not) and their parent boxes. */
export const OrganizerResponseSchema = z
  .object({
    organizerItems: z.array(OrganizerItemSchema),
    parentOrganizerItems: z.record(z.string(), z.object({ _id: z.string(), title: z.string() })),
  })
  .meta({ id: 'Organizer' });

/** `PUT /api/items/update-priority`: the caller's rank and Today mark, and the shared target date. */
export const UpdatePriorityBodySchema = z
  .object({
    itemId: z.string().min(1).max(64),
    priority: z.number().finite().nullable(),
    markedAsForToday: z.boolean().optional(),
    priorityTargetDate: z.number().int().nullable().optional(),
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
export type UpdatePriorityBody = z.infer<typeof UpdatePriorityBodySchema>;
