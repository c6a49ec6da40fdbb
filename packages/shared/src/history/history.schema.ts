import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';
import { ACCESS_LEVELS } from '../items/item-values.js';

const msg = (key: MessageKey) => ({ error: key });

/**
 * The changes an item's history records, each by whoever made it; stable names (stored, and
 * keys of the web app's texts). Personal changes (priority, favourite, one's own reminders)
 * are never among them: they are their person's alone.
 */
export const ITEM_EVENT_KINDS = [
  'created',
  'renamed',
  'moved',
  'completed',
  'reopened',
  'dated',
  'shared',
  'commented',
  'attached',
] as const;
export type ItemEventKind = (typeof ITEM_EVENT_KINDS)[number];

/** Events listed a page at a time. */
export const HISTORY_PAGE_SIZE = 50;

/** Where a page of events ends: the last event's time and id. */
export interface HistoryCursor {
  at: number;
  id: string;
}

const CURSOR = /^([0-9a-z]{1,11})\.([0-9a-f-]{36})$/;

/** The `next` of a page: opaque to callers, who send it back as `before`. */
export const encodeHistoryCursor = ({ at, id }: HistoryCursor): string => `${at.toString(36)}.${id}`;

/** Reads a cursor back; undefined when it is not one this server made. */
export function decodeHistoryCursor(cursor: string): HistoryCursor | undefined {
  const match = CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) return undefined;
  const at = Number.parseInt(match[1], 36);
  return Number.isSafeInteger(at) ? { at, id: match[2] } : undefined;
}

export const ItemHistoryParamsSchema = z.object({ itemId: z.string().min(1).max(64) });

/** `GET /api/items/:itemId/history`. */
export const ItemHistoryQuerySchema = z.object({
  before: z
    .string()
    .refine((value) => decodeHistoryCursor(value) !== undefined, msg('history.cursor.invalid'))
    .optional()
    .describe('The `next` of the previous page; leave out for the newest events.'),
});

const person = z.object({ id: z.string(), name: z.string() });

/** A box a move went from or to; null when the reader does not see it now (or it is gone). */
const box = z.object({ id: z.string(), title: z.string() }).nullable();

const common = {
  id: z.string(),
  at: z.number().describe('When (UTC ms).'),
  actor: person.nullable().describe('Who made the change; null once their account is gone.'),
};

/**
 * One change to an item, as a member who reads the item sees it: its `details` by `kind`.
 * A moved item's boxes are named only when the reader sees them now; a share names the
 * person by their display name alone.
 */
export const ItemEventSchema = z
  .discriminatedUnion('kind', [
    z.object({
      ...common,
      kind: z.enum(['created', 'completed', 'reopened', 'commented', 'attached']),
      details: z.null(),
    }),
    z.object({
      ...common,
      kind: z.literal('renamed'),
      details: z.object({ from: z.string(), to: z.string() }),
    }),
    z.object({ ...common, kind: z.literal('moved'), details: z.object({ from: box, to: box }) }),
    z.object({
      ...common,
      kind: z.literal('dated'),
      details: z.object({
        from: z.number().nullable().describe('The target date before (UTC ms); null: none.'),
        to: z.number().nullable().describe('The target date after (UTC ms); null: cleared.'),
        fromHasTime: z
          .boolean()
          .optional()
          .describe('Whether the date before carries a time of day; left out where not recorded.'),
        toHasTime: z
          .boolean()
          .optional()
          .describe('Whether the date after carries a time of day; left out where not recorded.'),
      }),
    }),
    z.object({
      ...common,
      kind: z.literal('shared'),
      details: z.object({
        person: person.nullable().describe('Who it was shared with; null once their account is gone.'),
        level: z
          .enum(ACCESS_LEVELS)
          .nullable()
          .describe('Their level now; null: no longer shared with them.'),
        previousLevel: z.enum(ACCESS_LEVELS).nullable().describe('Their level before; null: newly shared.'),
      }),
    }),
  ])
  .meta({ id: 'ItemEvent' });
export type ItemEvent = z.infer<typeof ItemEventSchema>;

/** A page of an item's history, newest first. */
export const ItemHistoryPageSchema = z
  .object({
    events: z.array(ItemEventSchema),
    next: z.string().nullable().describe('The `before` of the following page; null on the last.'),
  })
  .meta({ id: 'ItemHistoryPage' });
export type ItemHistoryPage = z.infer<typeof ItemHistoryPageSchema>;

/**
 * `history:changed` (socket): this item's history has a new event. Sent to everyone who sees
 * the item; a client showing its history reads it again.
 */
export interface HistoryChangedEvent {
  itemId: string;
  clientId?: string;
}
