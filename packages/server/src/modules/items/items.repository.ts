import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { type Kysely, sql } from 'kysely';
import type { Database, ItemRow, ItemUpdateRow, NewItemRow } from '../../db/schema.js';

/** The caller's personal state of an item (user_items), null where they have none. */
interface PersonalState {
  favourited: number | null;
  prioritizable: number | null;
  priority: number | null;
  marked_for_today: number | null;
}

/** An item row with the caller's personal state beside it. */
export type ItemWithState = ItemRow & PersonalState;

/** The item columns the API's Item is made of (items.presenter.ts). */
const PRESENTED_COLUMNS = [
  'id',
  'title',
  'type',
  'box_type',
  'parent_id',
  'is_root_box',
  'completed_at',
  'archived_at',
  'target_date',
  'created_at',
  'auto_archive_amount',
  'auto_archive_duration',
  'auto_archive_at',
  'show_completed',
  'auto_add_to_unprioritized',
] as const satisfies readonly (keyof ItemRow)[];

/** Just what it takes to present an item: read for long lists, where every column costs. */
export type PresentableRow = Pick<ItemRow, (typeof PRESENTED_COLUMNS)[number]> & PersonalState;

/**
 * The caller's level on an item: the level on its nearest linked ancestor-or-self
 * (ARCHITECTURE.md), or undefined when nothing on the way up is shared with them.
 */
export async function accessLevelOf(
  db: Kysely<Database>,
  userId: string,
  itemId: string,
): Promise<AccessLevel | undefined> {
  const { rows } = await sql<{ level: AccessLevel }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
    )
    select iu.level as level from chain c
    join item_users iu on iu.item_id = c.id and iu.user_id = ${userId}
    order by c.depth limit 1`.execute(db);
  return rows[0]?.level;
}

function selectWithState(db: Kysely<Database>, userId: string) {
  return db
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
    ]);
}

export function findItem(db: Kysely<Database>, itemId: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst();
}

export function findItemWithState(
  db: Kysely<Database>,
  userId: string,
  itemId: string,
): Promise<ItemWithState | undefined> {
  return selectWithState(db, userId).where('items.id', '=', itemId).executeTakeFirst();
}

/**
 * A box's children in order (the sibling-order index), with the caller's state; archived
 * ones left out, completed ones too unless asked for.
 */
export function childrenWithState(
  db: Kysely<Database>,
  userId: string,
  parentId: string,
  { includeCompleted }: { includeCompleted: boolean },
): Promise<PresentableRow[]> {
  let query = db
    .selectFrom('items')
    .leftJoin('user_items', (join) =>
      join.onRef('user_items.item_id', '=', 'items.id').on('user_items.user_id', '=', userId),
    )
    .select(PRESENTED_COLUMNS.map((column) => `items.${column}` as const))
    .select([
      'user_items.favourited',
      'user_items.prioritizable',
      'user_items.priority',
      'user_items.marked_for_today',
    ])
    .where('items.parent_id', '=', parentId)
    .where('items.archived_at', 'is', null);
  if (!includeCompleted) query = query.where('items.completed_at', 'is', null);
  return query.orderBy('items.position').orderBy('items.id').execute();
}

/** The caller's root box ('Workspace'). */
export function findRootBox(db: Kysely<Database>, userId: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('created_by', '=', userId)
    .where('is_root_box', '=', 1)
    .executeTakeFirst();
}

export async function insertItem(db: Kysely<Database>, row: NewItemRow): Promise<void> {
  await db.insertInto('items').values(row).execute();
}

export async function updateItems(
  db: Kysely<Database>,
  ids: string[],
  changes: ItemUpdateRow,
): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('items').set(changes).where('id', 'in', ids).execute();
}

/** Positions of a box's children, in order (the new-position maths runs on these). */
export async function childPositions(
  db: Kysely<Database>,
  parentId: string,
): Promise<{ id: string; position: number }[]> {
  return db
    .selectFrom('items')
    .select(['id', 'position'])
    .where('parent_id', '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every item below this one, at any depth (the item itself excluded). */
export async function descendantIds(db: Kysely<Database>, itemId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from items where parent_id = ${itemId}
      union all
      select i.id from items i join tree t on i.parent_id = t.id
    )
    select id from tree`.execute(db);
  return rows.map((r) => r.id);
}

/** Sets the caller's personal state on an item, creating the row the first time. */
export async function upsertUserItem(
  db: Kysely<Database>,
  userId: string,
  itemId: string,
  changes: {
    favourited?: number;
    prioritizable?: number;
    priority?: number | null;
    marked_for_today?: number;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('user_items')
    .values({ user_id: userId, item_id: itemId, ...changes, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

/** Clears everyone's priority and Today mark on these items (completed items leave the Organizer). */
export async function clearPriorities(db: Kysely<Database>, itemIds: string[], now: number): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .updateTable('user_items')
    .set({ priority: null, marked_for_today: 0, updated_at: now })
    .where('item_id', 'in', itemIds)
    .execute();
}

/** Closes every pane (of every user) that shows one of these items. */
export async function deletePanesShowing(db: Kysely<Database>, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.deleteFrom('panes').where('item_id', 'in', itemIds).execute();
}

export async function countVisibleChildren(db: Kysely<Database>, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parent_id', '=', parentId)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Items shared with (or owned by) the user directly, optionally of one type. */
export function associatedItemsWithState(
  db: Kysely<Database>,
  userId: string,
  type: string | undefined,
): Promise<(ItemWithState & { level: string })[]> {
  let query = selectWithState(db, userId)
    .innerJoin('item_users', (join) =>
      join.onRef('item_users.item_id', '=', 'items.id').on('item_users.user_id', '=', userId),
    )
    // A directly linked item's nearest link is itself: its level is the caller's level.
    .select('item_users.level')
    .where('items.archived_at', 'is', null);
  if (type) query = query.where('items.type', '=', type);
  return query.orderBy('items.is_root_box', 'desc').orderBy('items.title').execute();
}

/**
 * Archives every item whose auto-archive time has come, in one atomic statement, and
 * answers their ids: concurrent instances each get a disjoint set, so nothing is done twice.
 */
export async function claimDueAutoArchives(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('items')
    .set({ archived_at: now, auto_archive_at: null, updated_at: now })
    .where('auto_archive_at', '<=', now)
    .where('archived_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Renumbers a box's children 1024, 2048, … in their current order (when fractions run out). */
export async function renumberChildren(db: Kysely<Database>, parentId: string): Promise<void> {
  const children = await childPositions(db, parentId);
  for (const [index, child] of children.entries()) {
    await db
      .updateTable('items')
      .set({ position: (index + 1) * POSITION_STEP })
      .where('id', '=', child.id)
      .execute();
  }
}

/** Gap between consecutive sibling positions after a renumbering. */
export const POSITION_STEP = 1024;

/** Most results a search answers. */
export const SEARCH_LIMIT = 200;

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `visible`: every item the caller can see with the level of its nearest link (rn = 1) — the
 * trees below the items linked to them (only `anchorItemId`'s when given), archived subtrees
 * only when asked. Used as a common table expression by the queries below.
 */
function visibleItems(userId: string, includeArchived: boolean, anchorItemId?: string) {
  const archived = includeArchived ? 1 : 0;
  const anchor = anchorItemId ? sql`and iu.item_id = ${anchorItemId}` : sql``;
  return sql`
    with recursive reachable(id, level, depth) as (
      select iu.item_id, iu.level, 0 from item_users iu join items i on i.id = iu.item_id
      where iu.user_id = ${userId} and (${archived} = 1 or i.archived_at is null) ${anchor}
      union all
      select i.id, r.level, r.depth + 1 from items i join reachable r on i.parent_id = r.id
      where (${archived} = 1 or i.archived_at is null)
    ),
    visible as (
      select id, level, row_number() over (partition by id order by depth) as rn from reachable
    )`;
}

type VisibleRow = ItemWithState & { level: AccessLevel; parent_title: string | null };

const visibleColumns = sql`i.*, v.level as level, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/**
 * Items whose title contains the term among everything the caller can see (their root box's
 * tree only for the 'workspace' scope), with the parent's title and the caller's state.
 * Archived items (and what is inside them) and completed ones only when asked; 'favourites'
 * keeps the caller's starred ones.
 */
export async function searchVisibleItems(
  db: Kysely<Database>,
  userId: string,
  options: {
    term: string;
    includeArchived: boolean;
    includeCompleted: boolean;
    scope: string;
    rootBoxId?: string;
  },
): Promise<VisibleRow[]> {
  const favourites = options.scope === 'favourites' ? sql`and ui.favourited = 1` : sql``;
  const anchor = options.scope === 'workspace' ? options.rootBoxId : undefined;
  const { rows } = await sql<VisibleRow>`
    ${visibleItems(userId, options.includeArchived, anchor)}
    select ${visibleColumns}
    from visible v
    join items i on i.id = v.id
    left join items p on p.id = i.parent_id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where v.rn = 1 and i.is_root_box = 0
      and lower(i.title) like ${likePattern(options.term)} escape '\\'
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  return rows;
}

/** An Organizer row: what presentItem reads, the caller's level and the parent box's title. */
export type OrganizerRow = PresentableRow & { level: AccessLevel; parent_title: string | null };

/**
 * The caller's Organizer: their prioritizable text items that they can still see, not
 * completed or archived, with parent titles; prioritised ones first by priority.
 *
 * Candidate-first, for users with thousands of items: the candidates come from the caller's
 * own user_items rows, and visibility is decided once per distinct parent box by walking UP
 * from it to the nearest item linked to the caller (whose level it takes). The walk stops
 * empty-handed at an archived item or at the top of the tree, so an item inside an archived
 * box, or in a box no longer shared, is left out, exactly as `visibleItems` would. An item
 * linked to the caller directly takes its own link's level.
 */
export async function organizerRows(db: Kysely<Database>, userId: string): Promise<OrganizerRow[]> {
  const { rows } = await sql<OrganizerRow>`
    with recursive candidates as (
      select i.id, i.parent_id from user_items ui join items i on i.id = ui.item_id
      where ui.user_id = ${userId} and ui.prioritizable = 1
        and i.type = 'todoText' and i.completed_at is null and i.archived_at is null
    ),
    up(start, id) as (
      select distinct parent_id, parent_id from candidates where parent_id is not null
      union all
      select up.start, i.parent_id from up join items i on i.id = up.id
      where i.archived_at is null and i.parent_id is not null
        and not exists (select 1 from item_users l where l.item_id = i.id and l.user_id = ${userId})
    ),
    boxes(id, level) as (
      select up.start, l.level from up
      join items i on i.id = up.id and i.archived_at is null
      join item_users l on l.item_id = up.id and l.user_id = ${userId}
    )
    select ${sql.join(PRESENTED_COLUMNS.map((column) => sql.ref(`i.${column}`)))},
      coalesce(own.level, b.level) as level, p.title as parent_title,
      ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
      ui.marked_for_today as marked_for_today
    from candidates c
    join items i on i.id = c.id
    join user_items ui on ui.item_id = c.id and ui.user_id = ${userId}
    left join item_users own on own.item_id = c.id and own.user_id = ${userId}
    left join boxes b on b.id = c.parent_id
    left join items p on p.id = c.parent_id
    where own.level is not null or b.level is not null
    order by case when ui.priority is null then 1 else 0 end, ui.priority, i.created_at desc`.execute(db);
  return rows;
}

/** Sets new priorities for the caller (a reindex), in one pass. */
export async function setPriorities(
  db: Kysely<Database>,
  userId: string,
  priorities: Map<string, number>,
  now: number,
) {
  for (const [itemId, priority] of priorities) {
    await db
      .updateTable('user_items')
      .set({ priority, updated_at: now })
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .execute();
  }
}

/** Items other people shared with the user directly (their own root box aside), with state and level. */
export function directShares(db: Kysely<Database>, userId: string) {
  return selectWithState(db, userId)
    .innerJoin('item_users', (join) =>
      join.onRef('item_users.item_id', '=', 'items.id').on('item_users.user_id', '=', userId),
    )
    .select('item_users.level')
    .where('items.is_root_box', '=', 0)
    .where('items.archived_at', 'is', null)
    .orderBy('item_users.created_at')
    .execute();
}

/**
 * Everyone who can see an item, with their level: the people linked to the item or to any box
 * above it, each at the level of their nearest link.
 */
export async function audienceOf(
  db: Kysely<Database>,
  itemId: string,
): Promise<{ userId: string; level: AccessLevel }[]> {
  const { rows } = await sql<{ user_id: string; level: AccessLevel; depth: number }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${itemId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
    )
    select iu.user_id as user_id, iu.level as level, c.depth as depth
    from chain c join item_users iu on iu.item_id = c.id
    order by c.depth`.execute(db);
  const nearest = new Map<string, AccessLevel>();
  for (const row of rows) if (!nearest.has(row.user_id)) nearest.set(row.user_id, row.level);
  return [...nearest].map(([userId, level]) => ({ userId, level }));
}
