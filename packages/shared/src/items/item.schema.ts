import { z } from 'zod';
import {
  AUTO_ARCHIVE_DURATIONS,
  NOTE_MAX_LENGTH,
  PANE_PAGE_MAX,
  SEARCH_TERM_MAX_LENGTH,
  TEXT_TITLE_MAX_LENGTH,
} from '../constants.js';
import { dateMsSchema } from '../dates/date-range.js';

import { ACCESS_LEVELS, BOX_TYPES, ITEM_TYPES, SEARCH_SCOPES } from './item-values.js';

export {
  ACCESS_LEVELS,
  type AccessLevel,
  BOX_TYPES,
  type BoxType,
  ITEM_TYPES,
  type ItemType,
  SEARCH_SCOPES,
  type SearchScope,
} from './item-values.js';

const id = z.string().min(1).max(64);

/**
 * The id a client gives an item it creates (a UUID), so that changes made offline can name the
 * item before the server has it. Sending the same creation again answers the item it made.
 */
export const NewItemIdSchema = z
  .uuid({ error: 'validation.invalidValue' })
  .describe(
    'A UUID chosen by the client for the new item; the same creation sent again answers the item made the first time.',
  );

/**
 * What the caller may do with an item, decided by the server's policy from their level and
 * the item itself (a Workspace is never archived, moved or renamed): the web app reads these
 * and never re-derives them from `accessLevel`, but for a text it shows before the server has
 * it, which gets them from the same rule (`abilitiesOf`, items/abilities.ts).
 */
export const ITEM_ABILITIES = [
  'edit',
  'archive',
  'share',
  'changeLevels',
  'move',
  'prioritize',
  'setReminders',
] as const;
export const AbilitiesSchema = z
  .object(
    Object.fromEntries(ITEM_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<
      (typeof ITEM_ABILITIES)[number],
      z.ZodBoolean
    >,
  )
  .meta({ id: 'Abilities' });
export type Abilities = z.infer<typeof AbilitiesSchema>;

/**
 * Titles, as long as the longest kind allows (a text's); a box's own limit is checked with the
 * rest of its rules (boxTitleError), so create-item and save-box-item refuse the same titles.
 */
const title = z.string().max(TEXT_TITLE_MAX_LENGTH, { error: 'validation.title.tooLong' });

/** An item as the API returns it (SPEC §3 "Item"): shared fields plus the caller's own state. */
export const ItemSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    itemType: z.enum(ITEM_TYPES),
    boxType: z.enum(BOX_TYPES),
    parentItemId: z.string().nullable(),
    /** Visible children in order; only on the box a pane shows (get-items-for-pane's first page). */
    subItemsIndex: z.array(z.string()).optional(),
    isRootBox: z.boolean(),
    completed: z.boolean(),
    archivedDate: z.number().nullable().describe('UTC ms, or null when not archived.'),
    favourited: z.boolean().describe("The caller's own star."),
    prioritizable: z.boolean().describe("In the caller's Organizer."),
    priority: z.number().nullable().describe("The caller's own rank, or null when unprioritised."),
    priorityTargetDate: z.number().nullable().describe('Target date (UTC ms), shared by everyone.'),
    targetHasTime: z
      .boolean()
      .nullable()
      .describe(
        "Whether the target date carries a time of day (true) or is a day alone (false); null when not recorded, where the start of a day in the reader's zone is a day alone.",
      ),
    recurrence: z
      .string()
      .nullable()
      .describe(
        'An RFC 5545 RRULE (no DTSTART): the target date moves to its next occurrence on completion.',
      ),
    recurFromCompletion: z
      .boolean()
      .describe('The next occurrence counts from the completion, not the due date.'),
    markedAsForToday: z.boolean(),
    createdDate: z.number(),
    autoArchiveAmount: z.number().nullable(),
    autoArchiveDuration: z.enum(AUTO_ARCHIVE_DURATIONS).nullable(),
    autoArchiveTimestamp: z.number().nullable(),
    settings: z.object({ autoAddToUnprioritized: z.boolean(), showCompletedItems: z.boolean() }),
    note: z.string().describe("The item's note (Markdown), shared by everyone who sees it; empty when none."),
    commentCount: z.number().int().describe('Comments on the item, which everyone who sees it reads.'),
    accessLevel: z
      .enum(ACCESS_LEVELS)
      .describe("The caller's level on this item (inherited from the nearest shared box)."),
    abilities: AbilitiesSchema,
  })
  .meta({ id: 'Item' });

export type Item = z.infer<typeof ItemSchema>;

export const ItemIdQuerySchema = z.object({ itemId: id });

/**
 * `GET /api/items/get-items-for-pane` query: without `limit`, every visible sub-item at once;
 * with it, up to `limit` of them from `offset` on, in the box's order.
 */
export const ItemsForPaneQuerySchema = ItemIdQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(PANE_PAGE_MAX).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `POST /api/items/create-item`. Places the new item before or after `relativeToItemId`, else last. */
export const CreateItemBodySchema = z
  .object({
    itemId: NewItemIdSchema.optional(),
    parentItemId: id,
    itemType: z.enum(ITEM_TYPES),
    title: title.default(''),
    boxType: z.enum(BOX_TYPES).optional(),
    beforeAfterReplace: z.enum(['before', 'after', 'replace']).optional(),
    relativeToItemId: id.optional(),
    beingEdited: z.boolean().optional(),
    beingEditedPaneId: z.string().optional(),
    createPane: z.boolean().optional().describe('Also open the new box in a pane…'),
    panePos: z.number().int().min(0).max(100).optional().describe('…at this pane index (default: last).'),
  })
  .meta({ id: 'CreateItemBody' });

/** `POST /api/items/save-box-item`. */
export const SaveBoxItemBodySchema = z.object({ itemId: id, title }).meta({ id: 'SaveBoxItemBody' });

/** `POST /api/items/save-text-item`. */
export const SaveTextItemBodySchema = z
  .object({
    itemId: id,
    title,
    startedFrom: z
      .string()
      .max(TEXT_TITLE_MAX_LENGTH)
      .optional()
      .describe(
        'The text this change was made from. When the text has changed since (a change that waited offline), this one still stands, and those who see the item hear which text it replaced.',
      ),
  })
  .meta({ id: 'SaveTextItemBody' });

/** A note as the API takes it: Markdown, at most NOTE_MAX_LENGTH characters (empty clears it). */
export const NoteSchema = z
  .string()
  .max(NOTE_MAX_LENGTH, { error: 'validation.note.tooLong' })
  // PostgreSQL stores no NUL in text: refused on both engines alike.
  .refine((note) => !note.includes('\u0000'), { error: 'validation.invalidValue' });

/** `PUT /api/items/set-note`: an item's note, box or text; an empty (or blank) note removes it. */
export const SetNoteBodySchema = z.object({ itemId: id, note: NoteSchema }).meta({ id: 'SetNoteBody' });

/** `PUT /api/items/update-setting`: a box's own settings. */
export const UpdateSettingBodySchema = z
  .object({
    itemId: id,
    settingKey: z.enum(['showCompletedItems', 'autoAddToUnprioritized']),
    settingValue: z.boolean(),
  })
  .meta({ id: 'UpdateSettingBody' });

/** `PUT /api/items/update-item`: the caller's own state, and the shared target date. */
export const UpdateItemBodySchema = z
  .object({
    itemId: id,
    favourited: z.boolean().optional(),
    prioritizable: z.boolean().optional(),
    priorityTargetDate: dateMsSchema.nullable().optional(),
    targetHasTime: z
      .boolean()
      .optional()
      .describe(
        'With `priorityTargetDate`: whether it carries a time of day (so 00:00 is a time, not a day alone). Left out, it is not recorded.',
      ),
  })
  .meta({ id: 'UpdateItemBody' });

/** `PUT /api/items/unarchive`: restore into a chosen box. */
export const UnarchiveBodySchema = z.object({ itemId: id, parentItemId: id }).meta({ id: 'UnarchiveBody' });

/** `PUT /api/items/auto-archive`: `amount: null` clears it. */
export const AutoArchiveBodySchema = z
  .object({
    itemId: id,
    amount: z.number().int().positive().max(100).nullable(),
    duration: z.enum(AUTO_ARCHIVE_DURATIONS).nullable().optional(),
  })
  .refine((body) => body.amount === null || body.duration, {
    error: 'validation.required',
    path: ['duration'],
  })
  .meta({ id: 'AutoArchiveBody' });

/** `PUT /api/items/move-to-new-parent`. */
export const MoveToNewParentBodySchema = z
  .object({ itemId: id, newParentItemId: id })
  .meta({ id: 'MoveToNewParentBody' });

const beforeAfter = z.enum(['before', 'after']);

/** `PUT /api/items/move-within-pane`: reorder inside one box, before or after the item dropped next to. */
export const MoveWithinPaneBodySchema = z
  .object({
    droppableItemId: id,
    draggableItemId: id,
    itemIdAdjacentToDrop: id.nullable().optional(),
    beforeAfter: beforeAfter.optional(),
  })
  .meta({ id: 'MoveWithinPaneBody' });

/** `PUT /api/items/move-between-panes`: from one box's pane into another's, next to an item (else last). */
export const MoveBetweenPanesBodySchema = z
  .object({
    draggableItemId: id,
    sourceDroppableItemId: id,
    destDroppableItemId: id,
    itemIdAdjacentToDrop: id.nullable().optional(),
    beforeAfter: beforeAfter.optional(),
  })
  .meta({ id: 'MoveBetweenPanesBody' });

/** `POST /api/items/search-items`: titles containing the term, among everything the caller can see. */
export const SearchItemsBodySchema = z
  .object({
    searchTerm: z.string().max(SEARCH_TERM_MAX_LENGTH).default(''),
    includeArchived: z.boolean().default(false),
    includeCompleted: z.boolean().default(false),
    scope: z
      .enum(SEARCH_SCOPES)
      .default('search')
      .describe(
        'favourites: starred items; workspace: inside your own Workspace; search: everything you can see.',
      ),
    withinBoxId: id
      .nullable()
      .default(null)
      .describe('Only what is inside this box (one you can see), at any depth; null for no such limit.'),
  })
  .meta({ id: 'SearchItemsBody' });

/** One search result: the item, the title of the box it sits in, and where the term was found. */
export const SearchResultSchema = ItemSchema.extend({
  parentTitle: z.string().nullable(),
  foundInNote: z
    .boolean()
    .describe("The term is in the item's note and not in its title (false for an empty term or a #tag)."),
}).meta({
  id: 'SearchResult',
});

/** `POST /api/items/get-user-associated-items`. */
export const UserAssociatedItemsBodySchema = z
  .object({ idsOnly: z.boolean().default(false), limitToType: z.enum(ITEM_TYPES).optional() })
  .meta({ id: 'UserAssociatedItemsBody' });

/**
 * `GET /api/items/get-items-for-pane`: the box and its visible sub-items in order (those of the
 * page asked for). From offset 0 the box carries `subItemsIndex`, the ids of every visible
 * sub-item in order, so a first page already tells the whole list's length and order.
 */
export const ItemsForPaneResponseSchema = z
  .object({
    item: ItemSchema,
    items: z.array(ItemSchema),
    next: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe('With `limit`: the offset of the following page, null on the last one.'),
  })
  .meta({ id: 'ItemsForPane' });

export type CreateItemBody = z.input<typeof CreateItemBodySchema>;
export type SearchItemsBody = z.infer<typeof SearchItemsBodySchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type UpdateItemBody = z.infer<typeof UpdateItemBodySchema>;
export type AutoArchiveBody = z.infer<typeof AutoArchiveBodySchema>;

export type ItemIdQuery = z.input<typeof ItemIdQuerySchema>;
export type ItemsForPaneQuery = z.input<typeof ItemsForPaneQuerySchema>;
export type SaveBoxItemBody = z.input<typeof SaveBoxItemBodySchema>;
export type SaveTextItemBody = z.input<typeof SaveTextItemBodySchema>;
export type UpdateSettingBody = z.input<typeof UpdateSettingBodySchema>;
export type SetNoteBody = z.input<typeof SetNoteBodySchema>;
export type UnarchiveBody = z.input<typeof UnarchiveBodySchema>;
export type MoveToNewParentBody = z.input<typeof MoveToNewParentBodySchema>;
export type MoveWithinPaneBody = z.input<typeof MoveWithinPaneBodySchema>;
export type MoveBetweenPanesBody = z.input<typeof MoveBetweenPanesBodySchema>;
export type UserAssociatedItemsBody = z.input<typeof UserAssociatedItemsBodySchema>;
export type ItemsForPane = z.infer<typeof ItemsForPaneResponseSchema>;
