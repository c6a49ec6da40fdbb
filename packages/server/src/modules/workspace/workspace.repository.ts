import type { PaneScope } from '@nestbox/shared/items/item-values';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor, PaneType } from '../../db/schema.js';
import type { PaneRow } from './workspace.contract.js';

/** A user's panes, left to right. */
export function listPanes(db: Executor, userId: string) {
  return db
    .selectFrom('panes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface PaneSearchFields {
  term: string;
  scope: PaneScope;
  includeArchived: boolean;
  includeCompleted: boolean;
  withinBoxId: string | null;
}

/**
 * A search pane keeps its search in these columns; the box it is limited to, if any, in
 * `item_id`, so archiving that box closes the pane as it closes the box's own panes.
 */
const searchColumns = (search: PaneSearchFields) => ({
  item_id: search.withinBoxId,
  search_term: search.term,
  search_scope: search.scope,
  include_archived: search.includeArchived ? 1 : 0,
  include_completed: search.includeCompleted ? 1 : 0,
});

/** A new pane showing a box (`itemId`) or keeping a search (`search`). */
export async function insertPane(
  db: Executor,
  pane: { id: string; userId: string; width: number; now: number } & (
    | { itemId: string; search?: undefined }
    | { itemId?: undefined; search: PaneSearchFields }
  ),
): Promise<void> {
  await db
    .insertInto('panes')
    .values({
      id: pane.id,
      user_id: pane.userId,
      type: pane.search ? 'search' : 'box',
      width: pane.width,
      position: 0,
      created_at: pane.now,
      ...(pane.search ? searchColumns(pane.search) : { item_id: pane.itemId }),
    })
    .execute();
}

/** Writes the order of a user's panes (positions 0, 1, 2, … in the given order). */
export async function reorderPanes(db: Executor, userId: string, orderedIds: string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .updateTable('panes')
      .set({ position })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
}

export async function setPaneItem(
  db: Executor,
  userId: string,
  paneId: string,
  itemId: string,
  type: PaneType,
) {
  await db
    .updateTable('panes')
    .set({ item_id: itemId, type, scroll_to_item_id: null })
    .where('id', '=', paneId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes one of the user's panes; false when they have no such pane. */
export async function deletePane(db: Executor, userId: string, paneId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('panes')
    .where('id', '=', paneId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setPaneWidths(
  db: Executor,
  userId: string,
  widths: Record<string, number>,
): Promise<void> {
  for (const [paneId, width] of Object.entries(widths)) {
    await db
      .updateTable('panes')
      .set({ width })
      .where('id', '=', paneId)
      .where('user_id', '=', userId)
      .execute();
  }
}

/** Changes a search pane's search; false when the user has no such search pane. */
export async function updatePaneSearch(
  db: Executor,
  userId: string,
  paneId: string,
  search: PaneSearchFields,
): Promise<boolean> {
  const result = await db
    .updateTable('panes')
    .set(searchColumns(search))
    .where('id', '=', paneId)
    .where('user_id', '=', userId)
    .where('type', '=', 'search')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findPane(db: Executor, userId: string, paneId: string) {
  return db
    .selectFrom('panes')
    .selectAll()
    .where('id', '=', paneId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Closes every pane (of every user) that shows one of these items (archived, or gone);
 * answers the panes closed, as they were.
 */
export async function closePanesShowing(db: Executor, itemIds: readonly string[]): Promise<PaneRow[]> {
  const closed: PaneRow[] = [];
  for (const chunk of idChunks(itemIds))
    closed.push(...(await db.deleteFrom('panes').where('item_id', 'in', chunk).returningAll().execute()));
  return closed;
}

/**
 * Opens panes closed by {@link closePanesShowing} again, as they were (an undone archive):
 * those of people still there, whose id nobody took meanwhile.
 */
export async function reopenPanes(db: Executor, panes: readonly PaneRow[]): Promise<void> {
  if (panes.length === 0) return;
  const userIds = [...new Set(panes.map((pane) => pane.user_id))];
  const present = new Set(
    (await db.selectFrom('users').select('id').where('id', 'in', userIds).execute()).map((user) => user.id),
  );
  for (const pane of panes) {
    if (!present.has(pane.user_id)) continue;
    await db
      .insertInto('panes')
      .values(pane)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
