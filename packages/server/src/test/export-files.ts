import type {
  ExportBox,
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

/** An export's items as `readBack` gives them back: without ids and members. */
export function asReadBack(items: readonly ExportItem[]): ReadItem[] {
  return items.map((item) => {
    const { id: _id, members: _members, ...rest } = item;
    return item.type === 'box' ? { ...rest, children: asReadBack((item as ExportBox).children) } : rest;
  }) as ReadItem[];
}
