import type { AccessLevel, ItemType, SearchScope } from '@nestbox/shared/items/item.schema';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import type { Executor, ItemRow, ItemUpdateRow, NewItemRow, UserItemsTable } from '../../db/schema.js';
import { MAX_TREE_DEPTH, seenBoxesSql, visibleItemsSql } from '../access/index.js';
import { insertTagsOf, replaceTagsOf } from './tags.repository.js';

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
export const PRESENTED_COLUMNS = [
  'id',
  'title',
  'type',
  'box_type',
  'parent_id',
  'is_root_box',
  'completed_at',
  'archived_at',
  'target_date',
  'recurrence_rule',
  'recur_from_completion',
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
 * Serialises every change to the tree's shape (an item's parent) with the others, inside the
 * caller's transaction, until it ends: the "not into itself or below itself" check and the
 * update then see and make one consistent tree. Without it two moves made at once (A into B,
 * B into A) could each pass the check and together commit a cycle. On PostgreSQL a
 * transaction-scoped advisory lock (one key for the whole tree: moves are short and rare next
 * to reads, so one queue costs nothing); on SQLite the one connection already runs one
 * transaction at a time.
 */
export async function lockTree(trx: Executor, engine: DbEngine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`.execute(trx);
}

/** The advisory lock key of the item tree (any fixed 64-bit number our app uses for nothing else). */
export const TREE_LOCK_KEY = 7_161_223_001;

/**
 * Serialises the placing of items among one box's children (a reorder, a renumber) with the
 * others in that box, until the caller's transaction ends, without stopping anything else:
 * on PostgreSQL a transaction-scoped advisory lock on the box (the two-key form, in a class of
 * its own); on SQLite the one connection already runs one transaction at a time.
 */
export async function lockBox(trx: Executor, engine: DbEngine, boxId: string): Promise<void> {
  if (engine === 'postgres')
    await sql`select pg_advisory_xact_lock(${BOX_LOCK_CLASS}, hashtext(${boxId}))`.execute(trx);
}

/** The class of the boxes' advisory locks (a fixed 32-bit number our app uses for nothing else). */
const BOX_LOCK_CLASS = 716_122;

/**
 * Whether `itemId` is `boxId` or one of the boxes above it: walks up from the box (a short
 * chain) rather than down through everything inside the item. `undefined` when the walk found
 * no root within MAX_TREE_DEPTH: a corrupt tree, in which nothing may move.
 */
export async function isAtOrAbove(db: Executor, itemId: string, boxId: string): Promise<boolean | undefined> {
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

function selectWithState(db: Executor, userId: string) {
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

export function findItem(db: Executor, itemId: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst();
}

export function findItemWithState(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<ItemWithState | undefined> {
  return selectWithState(db, userId).where('items.id', '=', itemId).executeTakeFirst();
}

/** A box's visible children: archived ones left out, completed ones too unless asked for. */
function visibleChildren(db: Executor, parentId: string, includeCompleted: boolean) {
  let query = db
    .selectFrom('items')
    .where('items.parent_id', '=', parentId)
    .where('items.archived_at', 'is', null);
  if (!includeCompleted) query = query.where('items.completed_at', 'is', null);
  return query;
}

/**
 * A box's visible children in order (the sibling-order index), with the caller's state; with
 * `ids`, only those of them (in no particular order).
 */
export function childrenWithState(
  db: Executor,
  userId: string,
  parentId: string,
  { includeCompleted, ids }: { includeCompleted: boolean; ids?: readonly string[] },
): Promise<PresentableRow[]> {
  const query = visibleChildren(db, parentId, includeCompleted)
    .leftJoin('user_items', (join) =>
      join.onRef('user_items.item_id', '=', 'items.id').on('user_items.user_id', '=', userId),
    )
    .select(PRESENTED_COLUMNS.map((column) => `items.${column}` as const))
    .select([
      'user_items.favourited',
      'user_items.prioritizable',
      'user_items.priority',
      'user_items.marked_for_today',
    ]);
  if (ids) return query.where('items.id', 'in', ids).execute();
  return query.orderBy('items.position').orderBy('items.id').execute();
}

/** The ids of a box's visible children in order: the whole list's shape, without its rows. */
export async function childIdsInOrder(
  db: Executor,
  parentId: string,
  { includeCompleted }: { includeCompleted: boolean },
): Promise<string[]> {
  const rows = await visibleChildren(db, parentId, includeCompleted)
    .select('items.id')
    .orderBy('items.position')
    .orderBy('items.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The caller's root box ('Workspace'). */
export function findRootBox(db: Executor, userId: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('created_by', '=', userId)
    .where('is_root_box', '=', 1)
    .executeTakeFirst();
}

/** A new item and its tags (a text's `#tags`), inside the caller's transaction. */
export async function insertItem(db: Executor, row: NewItemRow): Promise<void> {
  await db.insertInto('items').values(row).execute();
  await insertTagsOf(db, [row]);
}

/**
 * Appends texts to a box, after its last child, 500 rows a statement: a large box written in
 * one go (the end-to-end journeys' big boxes), where creating each through the API would take
 * minutes.
 */
export async function appendTexts(
  db: Executor,
  {
    parentId,
    createdBy,
    titles,
    now,
  }: { parentId: string; createdBy: string; titles: readonly string[]; now: number },
): Promise<void> {
  const last = await db
    .selectFrom('items')
    .select('position')
    .where('parent_id', '=', parentId)
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows: NewItemRow[] = titles.map((title, i) => ({
    id: newId(),
    type: 'todoText',
    title,
    parent_id: parentId,
    position: (last?.position ?? 0) + (i + 1) * POSITION_STEP,
    created_by: createdBy,
    created_at: now,
    updated_at: now,
  }));
  await insertItemRows(db, rows);
}

/**
 * New item rows, 500 to a statement (about 17 values each: far below both engines' limits),
 * and their tags.
 */
export async function insertItemRows(db: Executor, rows: readonly NewItemRow[]): Promise<void> {
  for (const chunk of idChunks(rows, 500)) await db.insertInto('items').values(chunk).execute();
  await insertTagsOf(db, rows);
}

/** A text's new title and the tags it carries, inside the caller's transaction. */
export async function setTextTitle(db: Executor, itemId: string, title: string, at: number): Promise<void> {
  await db.updateTable('items').set({ title, updated_at: at }).where('id', '=', itemId).execute();
  await replaceTagsOf(db, [{ id: itemId, type: 'todoText', title }]);
}

/** Personal state rows of new items (nobody has one yet), 1,000 to a statement. */
export async function insertUserItemRows(
  db: Executor,
  rows: readonly Insertable<UserItemsTable>[],
): Promise<void> {
  for (const chunk of idChunks(rows)) await db.insertInto('user_items').values(chunk).execute();
}

/** The position of a box's last child, or null when it has none. */
export async function lastChildPosition(db: Executor, parentId: string): Promise<number | null> {
  const last = await db
    .selectFrom('items')
    .select('position')
    .where('parent_id', '=', parentId)
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.position ?? null;
}

export async function updateItems(db: Executor, ids: string[], changes: ItemUpdateRow): Promise<void> {
  for (const chunk of idChunks(ids))
    await db.updateTable('items').set(changes).where('id', 'in', chunk).execute();
}

/**
 * Gives an item a new place among its siblings, only while it is still in `parentId`: false
 * when it has left that box meanwhile.
 */
export async function setPositionIn(
  db: Executor,
  itemId: string,
  parentId: string,
  changes: { position: number; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('items')
    .set(changes)
    .where('id', '=', itemId)
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Positions of a box's children, in order (the new-position maths runs on these). */
export async function childPositions(
  db: Executor,
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

/**
 * Every item below this one, at any depth (the item itself excluded); with `openOnly`, only
 * those not completed (an open item inside a completed box included).
 */
export async function descendantIds(
  db: Executor,
  itemId: string,
  { openOnly = false }: { openOnly?: boolean } = {},
): Promise<string[]> {
  const select = openOnly
    ? sql`select t.id as id from tree t join items i on i.id = t.id where i.completed_at is null`
    : sql`select id from tree`;
  const { rows } = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from items where parent_id = ${itemId}
      union
      select i.id from items i join tree t on i.parent_id = t.id
    )
    ${select}`.execute(db);
  return rows.map((r) => r.id);
}

/** Sets the caller's personal state on an item, creating the row the first time. */
export async function upsertUserItem(
  db: Executor,
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

/** One person's rank of an item: their priority and Today mark. */
export interface Rank {
  user_id: string;
  item_id: string;
  priority: number | null;
  marked_for_today: number;
}

/** Everyone's ranks of these items, where there is one (a priority or a Today mark). */
export async function ranksOf(db: Executor, itemIds: readonly string[]): Promise<Rank[]> {
  const ranks: Rank[] = [];
  for (const chunk of idChunks(itemIds)) {
    ranks.push(
      ...(await db
        .selectFrom('user_items')
        .select(['user_id', 'item_id', 'priority', 'marked_for_today'])
        .where('item_id', 'in', chunk)
        .where((eb) => eb.or([eb('priority', 'is not', null), eb('marked_for_today', '=', 1)]))
        .execute()),
    );
  }
  return ranks;
}

/**
 * Clears everyone's priority and Today mark on these items (completed items leave the
 * Organizer); rows with neither are left as they are.
 */
export async function clearPriorities(db: Executor, itemIds: string[], now: number): Promise<void> {
  for (const chunk of idChunks(itemIds)) {
    await db
      .updateTable('user_items')
      .set({ priority: null, marked_for_today: 0, updated_at: now })
      .where('item_id', 'in', chunk)
      .where((eb) => eb.or([eb('priority', 'is not', null), eb('marked_for_today', '=', 1)]))
      .execute();
  }
}

/** How many ids one PostgreSQL statement takes as one array parameter. */
const IDS_PER_ARRAY = 50_000;

/**
 * Reopens the items a completion at `at` closed, while none of them changed since (each still
 * completed at `at` and last written then), inside the caller's transaction: the check and the
 * write are one UPDATE, on PostgreSQL for up to IDS_PER_ARRAY ids as one array (one plan and
 * one pass however many), on SQLite for each 1,000. False when one changed: the caller then
 * rolls back.
 */
export async function reopenCompletedAt(
  db: Executor,
  engine: DbEngine,
  itemIds: readonly string[],
  { at, now }: { at: number; now: number },
): Promise<boolean> {
  const chunks = engine === 'postgres' ? idChunks(itemIds, IDS_PER_ARRAY) : idChunks(itemIds);
  for (const chunk of chunks) {
    const result = await db
      .updateTable('items')
      .set({ completed_at: null, updated_at: now })
      .where((eb) => (engine === 'postgres' ? sql<boolean>`id = any(${chunk})` : eb('id', 'in', chunk)))
      .where('completed_at', '=', at)
      .where('updated_at', '=', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== chunk.length) return false;
  }
  return true;
}

/**
 * Puts back the ranks a change at `at` cleared (an undone completion), while none of them
 * changed since (each row last written at `at`), each row's version now `now`: one UPDATE
 * from a list of values per 250 ranks, the check in its WHERE. False when one changed, the
 * caller then rolls back. The values' columns keep their standard names (`column1`…) on both
 * engines.
 */
export async function restoreRanksClearedAt(
  db: Executor,
  ranks: readonly Rank[],
  { at, now }: { at: number; now: number },
): Promise<boolean> {
  for (const chunk of idChunks(ranks, 250)) {
    const values = sql.join(
      chunk.map(
        (rank) =>
          sql`(cast(${rank.user_id} as text), cast(${rank.item_id} as text), cast(${rank.priority} as double precision), cast(${rank.marked_for_today} as integer))`,
      ),
    );
    const result = await sql`update user_items
      set priority = v.column3, marked_for_today = v.column4, updated_at = ${now}
      from (values ${values}) as v
      where user_items.user_id = v.column1 and user_items.item_id = v.column2
        and user_items.updated_at = ${at}`.execute(db);
    if (Number(result.numAffectedRows) !== chunk.length) return false;
  }
  return true;
}

/** The caller's own state of an item (user_items), if they have any. */
export function findUserItem(db: Executor, userId: string, itemId: string) {
  return db
    .selectFrom('user_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

export async function countVisibleChildren(db: Executor, parentId: string): Promise<number> {
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
  db: Executor,
  userId: string,
  type: ItemType | undefined,
): Promise<(ItemWithState & { level: AccessLevel })[]> {
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
export async function dueAutoArchives(db: Executor, now: number): Promise<string[]> {
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
export async function claimAutoArchive(db: Executor, itemId: string, now: number): Promise<boolean> {
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
  db: Executor,
  userId: string,
  itemIds: readonly string[],
): Promise<ItemWithState[]> {
  const rows: ItemWithState[] = [];
  for (const chunk of idChunks(itemIds)) {
    rows.push(...(await selectWithState(db, userId).where('items.id', 'in', chunk).execute()));
  }
  return rows;
}

/**
 * Renumbers a box's children 1024, 2048, … in their current order (when fractions run out).
 * Their versions (`updated_at`) stay: the order anyone sees is the same, so an undo recorded
 * before still applies (it puts an item back by its neighbours when its old position no
 * longer lies between them).
 */
export async function renumberChildren(db: Executor, parentId: string): Promise<void> {
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
 * keeps the caller's starred ones; `withinBoxId` keeps what lies inside that box, at any depth.
 */
export async function searchVisibleItems(
  db: Executor,
  userId: string,
  options: {
    term: string;
    includeArchived: boolean;
    includeCompleted: boolean;
    scope: SearchScope;
    rootBoxId?: string;
    withinBoxId?: string;
    /** A normalised tag name: texts carrying it, instead of titles containing the term. */
    tag?: string;
  },
): Promise<VisibleRow[]> {
  if (
    options.tag !== undefined &&
    options.scope !== 'workspace' &&
    !options.includeArchived &&
    !options.withinBoxId
  )
    return searchTagged(db, userId, { ...options, tag: options.tag });
  const matches =
    options.tag === undefined
      ? sql`lower(i.title) like ${likePattern(options.term)} escape '\\'`
      : sql`exists (select 1 from item_tags t where t.item_id = i.id and t.name = ${options.tag})`;
  const favourites = options.scope === 'favourites' ? sql`and ui.favourited = 1` : sql``;
  const anchor = options.scope === 'workspace' ? options.rootBoxId : undefined;
  const within = options.withinBoxId
    ? sql`, inside(id) as (
        select id from items where parent_id = ${options.withinBoxId}
        union
        select i.id from items i join inside t on i.parent_id = t.id
      )`
    : sql``;
  const insideOnly = options.withinBoxId ? sql`and i.id in (select id from inside)` : sql``;
  const { rows } = await sql<VisibleRow>`
    ${visibleItemsSql(userId, options.includeArchived, anchor)}${within}
    select ${visibleColumns}
    from visible v
    join items i on i.id = v.id
    left join items p on p.id = i.parent_id and p.id in (select id from visible)
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where v.rn = 1 and i.is_root_box = 0
      and ${matches}
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
      ${insideOnly}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  return rows;
}

/**
 * The texts carrying a tag among everything the caller sees, archived ones left out: from the
 * tag's rows (its index) to the texts, each seen through its own link or its box (`seen_boxes`,
 * decided once per box), so its cost follows the tag's texts, not everything the caller sees.
 */
async function searchTagged(
  db: Executor,
  userId: string,
  options: { tag: string; includeCompleted: boolean; scope: SearchScope },
): Promise<VisibleRow[]> {
  const favourites =
    options.scope === 'favourites'
      ? sql`and exists (select 1 from user_items f where f.item_id = i.id and f.user_id = ${userId} and f.favourited = 1)`
      : sql``;
  // The page of ids first (the tag's rows, a title each to sort by), then full rows for those only.
  const { rows: page } = await sql<{ id: string }>`${seenBoxesSql(userId)}
    select i.id as id
    from item_tags t
    join items i on i.id = t.item_id
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    where t.name = ${options.tag} and i.archived_at is null
      and (own.level is not null or s.level is not null)
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  if (page.length === 0) return [];
  const { rows } = await sql<VisibleRow>`${seenBoxesSql(userId)}
    select i.*, coalesce(own.level, s.level) as level, p.id as visible_parent_id, p.title as parent_title,
      ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
      ui.marked_for_today as marked_for_today
    from items i
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    left join items p on p.id = s.id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where i.id in (${sql.join(page.map((row) => row.id))})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((row) => byId.get(row.id) ?? []);
}

/** Items other people shared with the user directly (their own root box aside), with state and level. */
export function directShares(db: Executor, userId: string) {
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
