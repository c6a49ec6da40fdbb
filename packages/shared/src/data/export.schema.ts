import { z } from 'zod';
import { ATTACHMENT_NAME_MAX_LENGTH } from '../attachments/attachments.schema.js';
import { CommentBodySchema, MAX_COMMENTS_PER_ITEM } from '../comments/comments.schema.js';
import {
  AUTO_ARCHIVE_DURATIONS,
  COLOR_SCHEMES,
  NOTE_MAX_LENGTH,
  OPEN_BOXES_IN,
  ORDER_DIRECTIONS,
  PRIORITY_LIMIT,
  TEXT_TITLE_MAX_LENGTH,
  UNPRIORITIZED_ORDER_COLUMNS,
} from '../constants.js';
import { dateMsSchema } from '../dates/date-range.js';
import { USER_LOCALES } from '../i18n/locales.js';
import { ACCESS_LEVELS, BOX_TYPES } from '../items/item-values.js';
import { RecurrenceRuleSchema } from '../recurrence/recurrence.schema.js';
import { BEFORE_AFTER_ON, REMINDER_UNITS } from '../reminders/fire-time.js';

/**
 * Nestbox's own export format (`GET /api/export?format=json`), version 2: everything a person
 * owns or sees, as the tree they see from their Workspace. Import reads the same schema, so an
 * export imported into another account and exported again is equal apart from ids and times.
 *
 * Other people's private data never appears: a shared item names each member by display name
 * and level only, and the personal state (`mine`, `reminders`) is the exporter's own.
 */
export const EXPORT_FORMAT = 'nestbox';
export const EXPORT_VERSION = 3;
/**
 * The versions an import reads: 2 added items' `note`, 3 their `attachments`; an older file
 * is read as it is, its items without them.
 */
export const EXPORT_READABLE_VERSIONS = [1, 2, 3] as const;

/** The deepest nesting an import accepts (an export of a real account stays far below it). */
export const EXPORT_MAX_DEPTH = 200;

/** Every time in the file is one Nestbox can store and show, as the API's dates are. */
const millis = dateMsSchema;

/** A reminder rule of the exporter's on an item. */
export const ExportReminderSchema = z
  .object({
    numberOf: z.number().int().min(1).max(999),
    unit: z.enum(REMINDER_UNITS),
    beforeAfterOn: z.enum(BEFORE_AFTER_ON),
    repeat: z.boolean(),
    linkedDirectlyToTargetDate: z.boolean(),
  })
  .strict();
export type ExportReminder = z.infer<typeof ExportReminderSchema>;

/** Someone an item is shared with, as the exporter sees them. */
export const ExportMemberSchema = z
  .object({ name: z.string().max(200), level: z.enum(ACCESS_LEVELS) })
  .strict();
export type ExportMember = z.infer<typeof ExportMemberSchema>;

/** The exporter's own state on an item (SPEC §3: favourites, Organizer, Today). */
export const ExportPersonalSchema = z
  .object({
    favourited: z.boolean(),
    prioritizable: z.boolean(),
    /** The rank in the exporter's Organizer (smaller first), or null when unprioritised. */
    priority: z.number().min(-PRIORITY_LIMIT).max(PRIORITY_LIMIT).nullable(),
    markedForToday: z.boolean(),
  })
  .strict();
export type ExportPersonal = z.infer<typeof ExportPersonalSchema>;

/**
 * A comment on an item (added within version 2: files without them still read): who wrote it,
 * by display name, and whether the exporter did (`mine`: an import makes the importer its
 * author; anyone else's keeps its name), what it says, and when.
 */
export const ExportCommentSchema = z
  .object({
    by: z.string().max(200),
    mine: z.boolean(),
    body: CommentBodySchema,
    createdAt: millis,
    editedAt: millis.nullable(),
  })
  .strict();
export type ExportComment = z.infer<typeof ExportCommentSchema>;

/** Where a zip export keeps an attached file's bytes: `attachments/<id>/<name>`. */
export const EXPORT_ATTACHMENT_FOLDER = 'attachments';

/**
 * A file attached to the item (version 3). `file` is where its bytes are inside the zip
 * export (`format=zip`); a plain JSON export lists the files without their bytes.
 */
export const ExportAttachmentSchema = z
  .object({
    name: z.string().min(1).max(ATTACHMENT_NAME_MAX_LENGTH),
    type: z.string().max(255),
    size: z.number().int().min(0),
    by: z.string().max(200),
    mine: z.boolean(),
    createdAt: millis,
    file: z.string().min(1).max(400),
  })
  .strict();
export type ExportAttachment = z.infer<typeof ExportAttachmentSchema>;

/** The most attached files an item may carry in a file. */
export const EXPORT_MAX_ATTACHMENTS = 1000;

const itemFields = {
  /** Unique within one file; nothing refers to it but a reader's own bookkeeping. */
  id: z.string().min(1).max(64),
  title: z.string().max(TEXT_TITLE_MAX_LENGTH),
  createdAt: millis,
  completedAt: millis.nullable(),
  archivedAt: millis.nullable(),
  /** The target date (UTC ms), shared by everyone who sees the item. */
  targetDate: millis.nullable(),
  /**
   * Whether the target date carries a time of day (so 00:00 is a time) or is a day alone
   * (version 3); left out where that was not recorded, and read from the instant.
   */
  targetHasTime: z.boolean().optional(),
  autoArchive: z
    .object({ amount: z.number().int().min(1).max(999), duration: z.enum(AUTO_ARCHIVE_DURATIONS) })
    .strict()
    .nullable(),
  mine: ExportPersonalSchema,
  reminders: z.array(ExportReminderSchema).max(100),
  /** Present on an item shared directly (not only through a box above it). */
  members: z.array(ExportMemberSchema).max(1000).optional(),
  /** The item's note (Markdown; version 2), present only on an item that has one. */
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
  /** The item's comments, oldest first; present only on an item that has some. */
  comments: z.array(ExportCommentSchema).max(MAX_COMMENTS_PER_ITEM).optional(),
  /** The item's attached files, oldest first (version 3); present only on an item that has some. */
  attachments: z.array(ExportAttachmentSchema).max(EXPORT_MAX_ATTACHMENTS).optional(),
};

/** The longest completion history a file carries for one text (as many as `done` can count). */
export const EXPORT_MAX_COMPLETIONS = 9999;

/** One completed occurrence of a repeating text: the target date it had, and when it was completed. */
export const ExportCompletionSchema = z.object({ occurrence: millis, completedAt: millis }).strict();
export type ExportCompletion = z.infer<typeof ExportCompletionSchema>;

/**
 * A text's recurrence (added within version 1: files without it still read): the RRULE, whether
 * the next occurrence counts from the completion, and how many occurrences were completed; and
 * its completion history, oldest first (optional: a file without it reads as having none).
 */
export const ExportRecurrenceSchema = z
  .object({
    rule: RecurrenceRuleSchema,
    fromCompletion: z.boolean(),
    done: z.number().int().min(0).max(9999),
    completions: z.array(ExportCompletionSchema).max(EXPORT_MAX_COMPLETIONS).optional(),
  })
  .strict();
export type ExportRecurrence = z.infer<typeof ExportRecurrenceSchema>;

export const ExportTextSchema = z
  .object({ type: z.literal('text'), ...itemFields, recurrence: ExportRecurrenceSchema.optional() })
  .strict();
export type ExportText = z.infer<typeof ExportTextSchema>;

export type ExportBox = {
  type: 'box';
  id: string;
  title: string;
  boxType: (typeof BOX_TYPES)[number];
  createdAt: number;
  completedAt: number | null;
  archivedAt: number | null;
  targetDate: number | null;
  targetHasTime?: boolean;
  autoArchive: ExportText['autoArchive'];
  settings: { showCompleted: boolean; autoAddToUnprioritized: boolean };
  mine: ExportPersonal;
  reminders: ExportReminder[];
  members?: ExportMember[];
  note?: string;
  comments?: ExportComment[];
  attachments?: ExportAttachment[];
  /** In the box's own order. */
  children: ExportItem[];
};
export type ExportItem = ExportBox | ExportText;

export const ExportBoxSchema: z.ZodType<ExportBox> = z.lazy(() =>
  z
    .object({
      type: z.literal('box'),
      ...itemFields,
      boxType: z.enum(BOX_TYPES),
      settings: z.object({ showCompleted: z.boolean(), autoAddToUnprioritized: z.boolean() }).strict(),
      children: z.array(ExportItemSchema),
    })
    .strict(),
);
export const ExportItemSchema: z.ZodType<ExportItem> = z.lazy(() =>
  z.discriminatedUnion('type', [ExportTextSchema, ExportBoxSchema as never]),
);

/** The exporter's settings (Application Settings and the Organizer's), applied by a JSON import. */
export const ExportSettingsSchema = z
  .object({
    locale: z.enum(USER_LOCALES),
    timezone: z.string().max(64),
    workspace: z.object({ tooltipsEnabled: z.boolean(), openBoxesIn: z.enum(OPEN_BOXES_IN) }).strict(),
    organizer: z
      .object({
        prioritizedSplitPercentage: z.number().min(0).max(100),
        unprioritizedListOrderBy: z.enum(UNPRIORITIZED_ORDER_COLUMNS),
        unprioritizedListOrderByDir: z.enum(ORDER_DIRECTIONS),
      })
      .strict(),
    customizations: z
      .object({
        defaultShowCompletedItems: z.boolean(),
        defaultAutoAddToUnprioritized: z.boolean(),
        reminderEmails: z.boolean(),
        shortcutsEnabled: z.boolean(),
        /** Added within version 1: a file without it leaves the importer's choice as it is. */
        colorScheme: z.enum(COLOR_SCHEMES).optional(),
      })
      .strict(),
  })
  .strict();
export type ExportSettings = z.infer<typeof ExportSettingsSchema>;

/** A whole export file. `workspace` holds the Workspace's contents, in order. */
export const ExportFileSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.union([z.literal(1), z.literal(2), z.literal(EXPORT_VERSION)]),
    exportedAt: millis,
    settings: ExportSettingsSchema,
    workspace: z.array(ExportItemSchema),
  })
  .strict()
  .meta({ id: 'ExportFile' });
export type ExportFile = z.infer<typeof ExportFileSchema>;

/** `zip`: the JSON as `nestbox.json`, with every attached file beside it. */
export const EXPORT_FORMATS = ['json', 'zip', 'opml', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'export.format.invalid' }),
});

export const IMPORT_FORMATS = ['json', 'opml', 'todoist-csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
