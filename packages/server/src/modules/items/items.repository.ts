import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { type Kysely, sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
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
 * How far up or down the recursive queries below walk the tree. Each stops there even if the
 * stored tree were corrupt and held a cycle (moves cannot make one: see `lockTree`), so no
 * query can loop for ever; no real tree of boxes comes near it.
 */
export const MAX_TREE_DEPTH = 1_000;

/**
 * Serialises every change to the tree's shape (an item's parent) with the others, inside the
 * caller's transaction, until it ends: the "not into itself or below itself" check and the
 * update then see and make one consistent tree. Without it two moves made at once (A into B,
 * B into A) could each pass the check and together commit a cycle. On PostgreSQL a
 * transaction-scoped advisory lock (one key for the whole tree: moves are short and rare next
 * to reads, so one queue costs nothing); on SQLite the one connection already runs one
 * transaction at a time.
 */
export async function lockTree(trx: Kysely<Database>, engine: DbEngine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`.execute(trx);
}

/** The advisory lock key of the item tree (any fixed 64-bit number our app uses for nothing else). */
const TREE_LOCK_KEY = 7_161_223_001;

/**
 * Whether `itemId` is `boxId` or one of the boxes above it: walks up from the box (a short
 * chain) rather than down through everything inside the item. `undefined` when the walk found
 * no root within MAX_TREE_DEPTH: a corrupt tree, in which nothing may move.
 */
export async function isAtOrAbove(
  db: Kysely<Database>,
  itemId: string,
  boxId: string,
): Promise<boolean | undefined> {
  const { rows } = await sql<{ id: string; parent_id: string | null; depth: number }>`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from items where id = ${boxId}
      union all
      select i.id, i.parent_id, c.depth + 1 from items i join chain c on i.id = c.parent_id
      where c.depth < ${MAX_TREE_DEPTH} and c.id <> ${itemId}
    )
    select id, parent_id, depth from chain`.execute(db);
  if (rows.some((row) => row.id === itemId)) return true;
  const top = rows.reduce((a, b) => (b.depth > a.depth ? b : a), rows[0] ?? { parent_id: null, depth: 0 });
  return top.parent_id === null ? false : undefined;
}

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
      where c.depth < ${MAX_TREE_DEPTH}
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
  for (const chunk of idChunks(ids))
    await db.updateTable('items').set(changes).where('id', 'in', chunk).execute();
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
      union
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
  for (const chunk of idChunks(itemIds)) {
    await db
      .updateTable('user_items')
      .set({ priority: null, marked_for_today: 0, updated_at: now })
      .where('item_id', 'in', chunk)
      .execute();
  }
}

/** Closes every pane (of every user) that shows one of these items. */
export async function deletePanesShowing(db: Kysely<Database>, itemIds: string[]): Promise<void> {
  for (const chunk of idChunks(itemIds)) await db.deleteFrom('panes').where('item_id', 'in', chunk).execute();
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
export async function dueAutoArchives(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('auto_archive_at', '<=', now)
    .where('archived_at', 'is', null)
    .orderBy('auto_archive_at')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Archives one due item if it is still due: one atomic UPDATE … RETURNING, so when several
 * instances sweep at once exactly one of them archives it. Answers whether this call did.
 */
export async function claimAutoArchive(db: Kysely<Database>, itemId: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('items')
    .set({ archived_at: now, auto_archive_at: null, updated_at: now })
    .where('id', '=', itemId)
    .where('auto_archive_at', '<=', now)
    .where('archived_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Items with the state of one user (`''`: nobody's, the shared fields only), by id. */
export async function findItemsWithState(
  db: Kysely<Database>,
  userId: string,
  itemIds: readonly string[],
): Promise<ItemWithState[]> {
  const rows: ItemWithState[] = [];
  for (const chunk of idChunks(itemIds)) {
    rows.push(...(await selectWithState(db, userId).where('items.id', 'in', chunk).execute()));
  }
  return rows;
}

/** The people linked directly to each of these items, with their level. */
export async function linksOf(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<Map<string, { userId: string; level: AccessLevel }[]>> {
  const links = new Map<string, { userId: string; level: AccessLevel }[]>();
  for (const chunk of idChunks(itemIds)) {
    const rows = await db
      .selectFrom('item_users')
      .select(['item_id', 'user_id', 'level'])
      .where('item_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const list = links.get(row.item_id) ?? [];
      list.push({ userId: row.user_id, level: row.level as AccessLevel });
      links.set(row.item_id, list);
    }
  }
  return links;
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
      where (${archived} = 1 or i.archived_at is null) and r.depth < ${MAX_TREE_DEPTH}
    ),
    visible as (
      select id, level, row_number() over (partition by id order by depth) as rn from reachable
    )`;
}

/** `visible_parent_id`, `parent_title`: the parent box, only when the caller sees it too. */
type VisibleRow = ItemWithState & {
  level: AccessLevel;
  visible_parent_id: string | null;
  parent_title: string | null;
};

const visibleColumns = sql`i.*, v.level as level, p.id as visible_parent_id, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/**
 * Items whose title contains the term among everything the caller can see (their root box's
 * tree only for the 'workspace' scope), with the caller's state and the parent box when the
 * caller sees it too (an item shared on its own says nothing of the box it sits in).
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
    left join items p on p.id = i.parent_id and p.id in (select id from visible)
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where v.rn = 1 and i.is_root_box = 0
      and lower(i.title) like ${likePattern(options.term)} escape '\\'
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  return rows;
}

/**
 * An Organizer row: what presentItem reads, the caller's level and the parent box's id and
 * title, only when the caller sees that box too.
 */
export type OrganizerRow = PresentableRow & {
  level: AccessLevel;
  visible_parent_id: string | null;
  parent_title: string | null;
};

/**
 * `seen_boxes`: every box the caller can see, with their level, walked DOWN from the boxes
 * linked to them through sub-boxes only (the partial index of migration 0004), never into an
 * archived box; a box linked to the caller on the way takes its own link's level. The same
 * rule as `visibleItems` (the nearest link decides, an archived box hides what is inside), but
 * decided once per box, not per item: Organizer items are text items, which sit in these
 * boxes or are linked to the caller themselves.
 */
function seenBoxes(userId: string) {
  return sql`
    with recursive seen_boxes(id, level) as (
      select l.item_id, l.level from item_users l join items b on b.id = l.item_id
      where l.user_id = ${userId} and b.type = 'todoBox' and b.archived_at is null
      union
      select c.id, coalesce(
        (select o.level from item_users o where o.item_id = c.id and o.user_id = ${userId}), s.level)
      from seen_boxes s join items c on c.parent_id = s.id and c.type = 'todoBox'
      where c.archived_at is null
    )`;
}

/**
 * The caller's Organizer candidates (`i`, `ui`, and `p`: the parent, only when the caller sees
 * it too), with any more `joins`: prioritizable text items, open, that they can see.
 */
function organizerCandidates(userId: string, joins = sql``) {
  return sql`from user_items ui join items i on i.id = ui.item_id
    left join items p on p.id = i.parent_id and p.id in (select id from seen_boxes) ${joins}
    where ui.user_id = ${userId} and ui.prioritizable = 1
      and i.type = 'todoText' and i.completed_at is null and i.archived_at is null
      and (i.parent_id in (select id from seen_boxes)
        or exists (select 1 from item_users own where own.item_id = i.id and own.user_id = ${userId}))`;
}

/** The keys the Prioritized list is ordered by (grouping.ts), of a ranked Organizer item. */
export interface RankedKeys {
  id: string;
  priority: number;
  target_date: number | null;
  marked_for_today: number;
}

/**
 * What orders the Prioritized list, for the ranked items that have a Today mark or a target
 * date (everything but Undated), by priority; or for every ranked item with `all`.
 */
export async function organizerRankedKeys(
  db: Kysely<Database>,
  userId: string,
  which: 'marked or dated' | 'all',
): Promise<RankedKeys[]> {
  const filter = which === 'all' ? sql`` : sql`and (ui.marked_for_today = 1 or i.target_date is not null)`;
  const { rows } = await sql<RankedKeys>`${seenBoxes(userId)}
    select i.id as id, ui.priority as priority, i.target_date as target_date, ui.marked_for_today as marked_for_today
    ${organizerCandidates(userId)} and ui.priority is not null ${filter}
    order by ui.priority, i.id`.execute(db);
  return rows;
}

/** A slice of the Undated group (ranked, no Today mark, no target date) by priority, straight from SQL. */
export async function organizerUndatedIds(
  db: Kysely<Database>,
  userId: string,
  offset: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`${seenBoxes(userId)}
    select i.id as id ${organizerCandidates(userId)}
      and ui.priority is not null and ui.marked_for_today = 0 and i.target_date is null
    order by ui.priority, i.id limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/** What orders the Unprioritized list by title: each unranked Organizer item's title, parent title and creation. */
export async function organizerUnprioritisedKeys(db: Kysely<Database>, userId: string) {
  const { rows } = await sql<{ id: string; title: string; parent_title: string | null; created_at: number }>`
    ${seenBoxes(userId)}
    select i.id as id, i.title as title, p.title as parent_title, i.created_at as created_at
    ${organizerCandidates(userId)} and ui.priority is null`.execute(db);
  return rows;
}

/** A slice of the unranked Organizer items' ids by creation (the default order), straight from SQL. */
export async function organizerUnprioritisedIdsByCreation(
  db: Kysely<Database>,
  userId: string,
  dir: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<string[]> {
  const direction = sql.raw(dir);
  const { rows } = await sql<{ id: string }>`${seenBoxes(userId)}
    select i.id as id ${organizerCandidates(userId)} and ui.priority is null
    order by i.created_at ${direction}, i.id ${direction} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

const organizerColumns = sql`${sql.join(PRESENTED_COLUMNS.map((column) => sql.ref(`i.${column}`)))},
  coalesce(own.level, s.level) as level, p.id as visible_parent_id, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/** Every Organizer row of the caller by priority, then id, with their level and the parent's title. */
export async function organizerRows(db: Kysely<Database>, userId: string): Promise<OrganizerRow[]> {
  const { rows } = await sql<OrganizerRow>`${seenBoxes(userId)}
    select ${organizerColumns}
    ${organizerCandidates(
      userId,
      sql`left join item_users own on own.item_id = i.id and own.user_id = ${userId}
        left join seen_boxes s on s.id = i.parent_id`,
    )}
    order by ui.priority, i.id`.execute(db);
  return rows;
}

/** Organizer rows of the given items (in no particular order), with the caller's level and the parent's title. */
export async function organizerRowsByIds(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<OrganizerRow[]> {
  const found: OrganizerRow[] = [];
  for (const chunk of idChunks(ids)) {
    const { rows } = await sql<OrganizerRow>`${seenBoxes(userId)}
      select ${organizerColumns}
      from items i
      join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
      left join item_users own on own.item_id = i.id and own.user_id = ${userId}
      left join seen_boxes s on s.id = i.parent_id
      left join items p on p.id = s.id
      where i.id in (${sql.join(chunk)}) and (own.level is not null or s.level is not null)`.execute(db);
    found.push(...rows);
  }
  return found;
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
      where c.depth < ${MAX_TREE_DEPTH}
    )
    select iu.user_id as user_id, iu.level as level, c.depth as depth
    from chain c join item_users iu on iu.item_id = c.id
    order by c.depth`.execute(db);
  const nearest = new Map<string, AccessLevel>();
  for (const row of rows) if (!nearest.has(row.user_id)) nearest.set(row.user_id, row.level);
  return [...nearest].map(([userId, level]) => ({ userId, level }));
}
