import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { type SelectQueryBuilder, sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Database, Executor, ItemRow } from '../../db/schema.js';

/**
 * Read-only queries of the export. It reads items, the caller's `user_items` and `reminders`,
 * repeating items' `item_completions`, and the links (`item_users` with the members' names) of a whole account page by page:
 * through the items, reminders and sharing services that would be one query per item (their
 * public functions read one item or one box at a time, with rights checks the export already
 * made once for the whole tree), so, like the Organizer's and the finder's repositories, it
 * reads those tables itself and writes nothing.
 */

/** An item as the export writes it: its shared columns, the caller's own state, and flags. */
export interface ExportRow
  extends Pick<
    ItemRow,
    | 'id'
    | 'type'
    | 'box_type'
    | 'title'
    | 'parent_id'
    | 'position'
    | 'completed_at'
    | 'archived_at'
    | 'target_date'
    | 'target_has_time'
    | 'recurrence_rule'
    | 'recur_from_completion'
    | 'recurrence_done'
    | 'auto_archive_amount'
    | 'auto_archive_duration'
    | 'show_completed'
    | 'auto_add_to_unprioritized'
    | 'created_at'
    | 'note'
    | 'comment_count'
  > {
  favourited: number | null;
  prioritizable: number | null;
  priority: number | null;
  marked_for_today: number | null;
  /** 1 when someone is linked to the item itself (a direct share), else 0. */
  has_links: number;
}

/** Where a page of a box's children ends: the next page starts after it. */
export interface SiblingCursor {
  position: number;
  id: string;
}

function exportRows(
  db: Executor,
  userId: string,
): SelectQueryBuilder<Database, 'items' | 'user_items', ExportRow> {
  return db
    .selectFrom('items')
    .leftJoin('user_items', (join) =>
      join.onRef('user_items.item_id', '=', 'items.id').on('user_items.user_id', '=', userId),
    )
    .select([
      'items.id',
      'items.type',
      'items.box_type',
      'items.title',
      'items.parent_id',
      'items.position',
      'items.completed_at',
      'items.archived_at',
      'items.target_date',
      'items.target_has_time',
      'items.recurrence_rule',
      'items.recur_from_completion',
      'items.recurrence_done',
      'items.auto_archive_amount',
      'items.auto_archive_duration',
      'items.show_completed',
      'items.auto_add_to_unprioritized',
      'items.note',
      'items.comment_count',
      'items.created_at',
      'user_items.favourited',
      'user_items.prioritizable',
      'user_items.priority',
      'user_items.marked_for_today',
    ])
    .select([
      sql<number>`case when exists (select 1 from item_users l where l.item_id = items.id) then 1 else 0 end`.as(
        'has_links',
      ),
    ]);
}

/**
 * One page of a box's children in sibling order (position, then id: the index of migration
 * 0002), starting after `after`; archived ones left out unless asked for.
 */
export function childrenPage(
  db: Executor,
  userId: string,
  boxId: string,
  { after, limit, includeArchived }: { after: SiblingCursor | null; limit: number; includeArchived: boolean },
): Promise<ExportRow[]> {
  let query = exportRows(db, userId).where('items.parent_id', '=', boxId);
  if (!includeArchived) query = query.where('items.archived_at', 'is', null);
  // A row-value comparison, which both engines answer as one range of the index.
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('items.position', 'items.id'), '>', eb.tuple(after.position, after.id)),
    );
  return query.orderBy('items.position').orderBy('items.id').limit(limit).execute();
}

/**
 * The items linked to the caller themselves, their own Workspace aside, in the order they were
 * shared with them (as the Workspace lists them after its own children).
 */
export function linkedItems(db: Executor, userId: string, includeArchived: boolean): Promise<ExportRow[]> {
  let query = exportRows(db, userId)
    .innerJoin('item_users', (join) =>
      join.onRef('item_users.item_id', '=', 'items.id').on('item_users.user_id', '=', userId),
    )
    .where('items.is_root_box', '=', 0);
  if (!includeArchived) query = query.where('items.archived_at', 'is', null);
  return query.orderBy('item_users.created_at').orderBy('items.id').execute();
}

/** Every reminder rule of the caller's, by item, oldest first. */
export function remindersOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('reminders')
    .select(['item_id', 'number_of', 'unit', 'before_after_on', 'repeat', 'linked_directly_to_target_date'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The completion history of these (repeating) items: each completed occurrence and when it was
 * completed, oldest first. Who completed it stays out, as other people's ids do.
 */
export async function completionsOfItems(
  db: Executor,
  itemIds: readonly string[],
): Promise<{ item_id: string; occurrence: number; completed_at: number }[]> {
  const rows = [];
  for (const chunk of idChunks(itemIds))
    rows.push(
      ...(await db
        .selectFrom('item_completions')
        .select(['item_id', 'occurrence', 'completed_at'])
        .where('item_id', 'in', chunk)
        .orderBy('completed_at')
        .orderBy('id')
        .execute()),
    );
  return rows;
}

/**
 * Everyone linked to each of these items, by display name and level (never an address or an
 * id), in the order the share list shows them: owners, editors, readers, then by date.
 */
export async function membersOf(
  db: Executor,
  itemIds: readonly string[],
): Promise<{ item_id: string; name: string; level: AccessLevel }[]> {
  const rows = [];
  for (const chunk of idChunks(itemIds))
    rows.push(
      ...(await db
        .selectFrom('item_users')
        .innerJoin('users', 'users.id', 'item_users.user_id')
        .select(['item_users.item_id', 'users.name', 'item_users.level'])
        .where('item_users.item_id', 'in', chunk)
        .orderBy(sql`case item_users.level when 'owner' then 0 when 'editor' then 1 else 2 end`)
        .orderBy('item_users.created_at')
        .orderBy('users.name')
        .execute()),
    );
  return rows;
}
