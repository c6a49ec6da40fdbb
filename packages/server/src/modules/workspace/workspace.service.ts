import { DEFAULT_PANE_WIDTH } from '@nestbox/shared/constants';
import type { Item, SearchResult } from '@nestbox/shared/items/item.schema';
import type {
  Pane,
  PaneSearch,
  Workspace,
  WorkspaceSettings,
} from '@nestbox/shared/workspace/workspace.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { UsersService } from '../users/users.service.js';
import type { PaneContent, PaneRow, PaneSearcher } from './workspace.contract.js';
import {
  closePanesShowing as closeStoredPanes,
  deletePane,
  findPane,
  insertPane,
  listPanes,
  reopenPanes as reopenStoredPanes,
  reorderPanes,
  setPaneItem,
  setPaneWidths,
  updatePaneSearch,
} from './workspace.repository.js';

/**
 * Closes every pane (of every user) that shows one of these items, inside the caller's
 * transaction (an item archived, or gone); answers the panes closed, as they were.
 */
export function closePanesShowing(trx: Executor, itemIds: readonly string[]): Promise<PaneRow[]> {
  return closeStoredPanes(trx, itemIds);
}

/**
 * Opens panes closed by {@link closePanesShowing} again, as they were, inside the caller's
 * transaction (an archive undone): those of people still there, whose id nobody took meanwhile.
 */
export function reopenPanes(trx: Executor, closed: readonly PaneRow[]): Promise<void> {
  return reopenStoredPanes(trx, closed);
}

function presentPane(row: PaneRow): Pane {
  return {
    _id: row.id,
    itemId: row.type === 'box' ? row.item_id : null,
    type: row.type,
    scrollToItemId: row.scroll_to_item_id,
    width: row.width,
    search:
      row.type === 'search'
        ? {
            term: row.search_term ?? '',
            scope: row.search_scope ?? 'search',
            includeArchived: row.include_archived === 1,
            includeCompleted: row.include_completed === 1,
            withinBoxId: row.item_id,
          }
        : null,
  };
}

/** The multi-pane workspace: which boxes are open, in which order and how wide, per user. */
export function createWorkspaceService(deps: {
  db: Executor;
  items: PaneContent;
  search: PaneSearcher;
  users: UsersService;
  now: Clock;
}) {
  const { db, items, search: searcher, users } = deps;
  const { now } = deps;

  /** The item a box pane may show: one the caller can read, and a box. */
  async function paneBox(user: UserRow, itemId: string): Promise<Item> {
    const item = await items.getItem(user, itemId);
    if (item.itemType !== 'todoBox' || item.archivedDate !== null)
      throw appErrors.badRequest('items.parent.notBox');
    return item;
  }

  /**
   * Inserts a pane at index `pos` (clamped to the end), shifting the ones after it, inside the
   * caller's transaction.
   */
  async function insertPaneAt(
    tx: Tx,
    userId: string,
    pos: number,
    content: { itemId: string } | { search: PaneSearch },
  ) {
    const id = newId();
    const order = (await listPanes(tx, userId)).map((p) => p.id);
    await insertPane(tx, { id, userId, width: DEFAULT_PANE_WIDTH, now: now(), ...content });
    order.splice(Math.min(pos, order.length), 0, id);
    await reorderPanes(tx, userId, order);
  }

  async function openPaneAt(
    user: UserRow,
    pos: number,
    content: { itemId: string } | { search: PaneSearch },
  ) {
    await db.transaction().execute((tx) => insertPaneAt(tx, user.id, pos, content));
    return service.getWorkspace(user);
  }

  const service = {
    /**
     * Panes in order with the boxes they show; a pane whose box (shown, or searched in) the
     * caller can no longer read is left out.
     */
    async getWorkspace(user: UserRow): Promise<Workspace> {
      const workspace: Workspace = { panes: {}, panesIndex: [], paneObjects: {} };
      for (const row of await listPanes(db, user.id)) {
        if (row.item_id) {
          const item = await items.getItem(user, row.item_id).catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 404) return undefined;
            throw error;
          });
          if (!item) continue;
          if (row.type === 'box') workspace.paneObjects[item._id] = item;
        }
        workspace.panes[row.id] = presentPane(row);
        workspace.panesIndex.push(row.id);
      }
      return workspace;
    },

    /** Opens a box in a new pane at index `pos` (clamped to the end). */
    async createPane(user: UserRow, pos: number, itemId: string): Promise<Workspace> {
      await paneBox(user, itemId);
      return openPaneAt(user, pos, { itemId });
    },

    /**
     * Opens a box the caller is creating in a new pane at index `pos`, inside the transaction
     * that creates it: the box and its pane are written together or not at all.
     */
    openPaneIn: (tx: Tx, user: UserRow, pos: number, itemId: string): Promise<void> =>
      insertPaneAt(tx, user.id, pos, { itemId }),

    /** Opens a search pane at index `pos` (limited to a box the caller sees, if it names one). */
    async createSearchPane(user: UserRow, pos: number, search: PaneSearch): Promise<Workspace> {
      if (search.withinBoxId) await paneBox(user, search.withinBoxId);
      return openPaneAt(user, pos, { search });
    },

    async updateSearchPane(user: UserRow, paneId: string, search: PaneSearch): Promise<Workspace> {
      if (search.withinBoxId) await paneBox(user, search.withinBoxId);
      if (!(await updatePaneSearch(db, user.id, paneId, search))) throw appErrors.notFound();
      return service.getWorkspace(user);
    },

    /** Runs a search pane's search now (results change as items do, so they are never stored). */
    async searchPaneResults(
      user: UserRow,
      paneId: string,
    ): Promise<{ paneId: string; results: SearchResult[] }> {
      const pane = await findPane(db, user.id, paneId);
      const search = pane && presentPane(pane).search;
      if (!search) throw appErrors.notFound();
      // The Tags scope lists tags (GET /api/tags), not items.
      if (search.scope === 'tags') return { paneId, results: [] };
      const results = await searcher.search(user, {
        searchTerm: search.term,
        scope: search.scope,
        includeArchived: search.includeArchived,
        includeCompleted: search.includeCompleted,
        withinBoxId: search.withinBoxId,
      });
      return { paneId, results };
    },

    /** Shows another box in the pane at index `pos` (or opens a new pane when there is none there). */
    async replaceInWorkspace(user: UserRow, pos: number, itemId: string): Promise<Workspace> {
      await paneBox(user, itemId);
      const pane = (await listPanes(db, user.id))[pos];
      if (!pane) return service.createPane(user, pos, itemId);
      await setPaneItem(db, user.id, pane.id, itemId, 'box');
      return service.getWorkspace(user);
    },

    async removePane(user: UserRow, paneId: string): Promise<void> {
      if (!(await deletePane(db, user.id, paneId))) throw appErrors.notFound();
    },

    /** Saves pane widths; ids of panes that are not the caller's are ignored. */
    async setWidths(user: UserRow, widths: Record<string, number>): Promise<void> {
      await setPaneWidths(db, user.id, widths);
    },

    setSplit: (user: UserRow, split: number) => users.updateWorkspacePreferences(user, { split }),
    setSettings: (user: UserRow, settings: WorkspaceSettings) =>
      users.updateWorkspacePreferences(user, settings),
  };
  return service;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
