import type {
  ExportBox,
  ExportComment,
  ExportFile,
  ExportItem,
  ExportReminder,
  ExportSettings,
} from '@nestbox/shared/data/export.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** An item as a test writes it: a type, a title, and whatever else it cares about. */
export type LooseItem = { type: 'box' | 'text'; title: unknown; children?: LooseItem[] } & Record<
  string,
  unknown
>;

let counter = 0;

/** Settings that differ from a new account's, so a test sees them applied. */
export const FILE_SETTINGS: ExportSettings = {
  locale: 'en-GB',
  timezone: 'Europe/London',
  workspace: { tooltipsEnabled: false, openBoxesIn: 'samePane' },
  organizer: {
    prioritizedSplitPercentage: 40,
    unprioritizedListOrderBy: 'itemTitle',
    unprioritizedListOrderByDir: 'asc',
  },
  customizations: {
    defaultShowCompletedItems: true,
    defaultAutoAddToUnprioritized: false,
    reminderEmails: true,
    shortcutsEnabled: false,
    colorScheme: 'dark',
  },
};

/** A Nestbox export (ExportFileSchema) of these items, every field a test leaves out filled in. */
export function anExportFile(items: LooseItem[], settings: Partial<ExportSettings> = {}): ExportFile {
  const fill = (item: LooseItem): ExportItem => {
    const { children, mine, ...rest } = item;
    const common = {
      id: `f${++counter}`,
      createdAt: 1_600_000_000_000 + counter,
      completedAt: null,
      archivedAt: null,
      targetDate: null,
      autoArchive: null,
      reminders: [],
      mine: {
        favourited: false,
        prioritizable: false,
        priority: null,
        markedForToday: false,
        ...(mine as object),
      },
    };
    if (item.type === 'text') return { ...common, ...rest } as ExportItem;
    return {
      ...common,
      boxType: 'todo',
      settings: { showCompleted: false, autoAddToUnprioritized: false },
      ...rest,
      children: (children ?? []).map(fill),
    } as ExportItem;
  };
  return {
    format: 'nestbox',
    version: 1,
    exportedAt: 1_700_000_000_000,
    settings: { ...FILE_SETTINGS, ...settings },
    workspace: items.map(fill),
  };
}

/** An item as `readBack` gives it: an export's item without its id (nor members, never imported). */
export type ReadItem = Omit<ExportItem, 'id' | 'members' | 'children'> & { children?: ReadItem[] };

/**
 * What a box holds for a user, read straight from the tables as the export reads it: each
 * item's shared fields, the user's own state and reminders, children in order. (The export
 * module's `GET /api/export?format=json` is the reader to compare with once it is here.)
 */
export async function readBack(db: Kysely<Database>, userId: string, boxId: string): Promise<ReadItem[]> {
  const rows = await db
    .selectFrom('items')
    .leftJoin('user_items', (join) =>
      join.onRef('user_items.item_id', '=', 'items.id').on('user_items.user_id', '=', userId),
    )
    .selectAll('items')
    .select([
      'user_items.favourited',
      'user_items.prioritizable',
      'user_items.priority',
      'user_items.marked_for_today',
    ])
    .where('items.parent_id', '=', boxId)
    .orderBy('items.position')
    .execute();
  const items: ReadItem[] = [];
  for (const row of rows) {
    const reminders: ExportReminder[] = (
      await db
        .selectFrom('reminders')
        .selectAll()
        .where('item_id', '=', row.id)
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((reminder) => ({
      numberOf: reminder.number_of,
      unit: reminder.unit,
      beforeAfterOn: reminder.before_after_on,
      repeat: reminder.repeat === 1,
      linkedDirectlyToTargetDate: reminder.linked_directly_to_target_date === 1,
    }));
    const comments = await commentsBack(db, userId, row.id);
    if (row.comment_count !== comments.length)
      throw new Error(
        `readBack: "${row.title}" counts ${row.comment_count} comments but has ${comments.length}`,
      );
    const common = {
      title: row.title,
      createdAt: row.created_at,
      completedAt: row.completed_at,
      archivedAt: row.archived_at,
      targetDate: row.target_date,
      autoArchive:
        row.auto_archive_amount !== null && row.auto_archive_duration !== null
          ? { amount: row.auto_archive_amount, duration: row.auto_archive_duration }
          : null,
      mine: {
        favourited: row.favourited === 1,
        prioritizable: row.prioritizable === 1,
        priority: row.priority,
        markedForToday: row.marked_for_today === 1,
      },
      reminders,
      ...(row.note === null ? {} : { note: row.note }),
      ...(comments.length === 0 ? {} : { comments }),
    };
    if (row.type === 'todoText') items.push({ type: 'text', ...common });
    else
      items.push({
        type: 'box',
        ...common,
        boxType: row.box_type,
        settings: {
          showCompleted: row.show_completed === 1,
          autoAddToUnprioritized: row.auto_add_to_unprioritized === 1,
        },
        children: await readBack(db, userId, row.id),
      } as ReadItem);
  }
  return items;
}

/**
 * An item's comments as an export writes them, read straight from the table. The reader's own
 * are written `by` no one in particular: an import makes them the importer's, whatever name the
 * file gave.
 */
async function commentsBack(db: Kysely<Database>, userId: string, itemId: string): Promise<ExportComment[]> {
  const rows = await db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.author_id')
    .selectAll('comments')
    .select('users.name as writer')
    .where('comments.item_id', '=', itemId)
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .execute();
  return rows.map((row) =>
    ownCommentAnonymous({
      by: row.author_id === null ? (row.author_name ?? '') : (row.writer ?? ''),
      mine: row.author_id === userId,
      body: row.body,
      createdAt: row.created_at,
      editedAt: row.edited_at,
    }),
  );
}

/** A comment with the reader's own written by no one in particular (see `commentsBack`). */
const ownCommentAnonymous = (comment: ExportComment): ExportComment =>
  comment.mine ? { ...comment, by: '' } : comment;

/** An export's items as `readBack` gives them back: without ids and members. */
export function asReadBack(items: readonly ExportItem[]): ReadItem[] {
  return items.map((item) => {
    const { id: _id, members: _members, ...rest } = item;
    const read = rest.comments ? { ...rest, comments: rest.comments.map(ownCommentAnonymous) } : rest;
    return item.type === 'box' ? { ...read, children: asReadBack((item as ExportBox).children) } : read;
  }) as ReadItem[];
}
