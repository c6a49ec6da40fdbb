import type { AccessLevel, ItemType } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import type { Executor, ItemRow, ItemUpdateRow, NewItemRow } from '../../db/schema.js';
import {
  type ItemWithState,
  POSITION_STEP,
  PRESENTED_COLUMNS,
  type PresentableRow,
} from './items.contract.js';
import { insertTagsOf, replaceTagsOf } from './tags.repository.js';

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
