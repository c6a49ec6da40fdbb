import type { AccessLevel, Item, ItemsForPane, ItemType } from '@nestbox/shared/items/item.schema';
import { isVisibleSubItem } from '@nestbox/shared/items/item-rules';
import { idChunks } from '../../db/id-chunks.js';
import type { Db, Executor, ItemRow, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import { presentItem } from './items.presenter.js';
import {
  associatedItemsWithState,
  childIdsInOrder,
  childrenWithState,
  countVisibleChildren,
  directShares,
  findItemsWithState,
  findItemWithState,
  findRootBox,
} from './items.repository.js';

/** Items as one person sees them: one item, a box's pane, what is linked to them. */
export function createItemReads({ db, access }: { db: Db; access: AccessService }) {
  /** The item at the caller's level, read on `executor` (`boxSeen`: as `withSeenParent`). */
  async function present(
    userId: string,
    itemId: string,
    level: AccessLevel,
    executor: Executor,
    boxSeen?: true,
  ): Promise<Item> {
    const row = await findItemWithState(executor, userId, itemId);
    if (!row) throw appErrors.notFound();
    return withSeenParent(userId, presentItem(row, level), executor, boxSeen);
  }

  /**
   * The item with its box named only when the caller sees that box too, as search, the finder
   * and the Organizer show it: an item shared on its own says nothing of where it lives.
   * `boxSeen` when the caller's sight of the item already told (access's `authorizeInBox`).
   */
  async function withSeenParent(
    userId: string,
    item: Item,
    executor: Executor,
    boxSeen?: true,
  ): Promise<Item> {
    if (boxSeen || item.parentItemId === null || (await access.levelOf(userId, item.parentItemId, executor)))
      return item;
    return { ...item, parentItemId: null };
  }

  /**
   * Items shared with the user that show in their own Workspace, after its children: those
   * the user does not already reach through a shared box above, visible as the box shows.
   */
  async function sharedIntoWorkspace(user: UserRow, box: ItemRow): Promise<Item[]> {
    if (box.is_root_box !== 1 || box.created_by !== user.id) return [];
    const items: Item[] = [];
    for (const shared of await directShares(db, user.id)) {
      const reachedAbove = shared.parent_id && (await access.levelOf(user.id, shared.parent_id, db));
      const item = { ...presentItem(shared, shared.level), parentItemId: null };
      if (!reachedAbove && isVisibleSubItem(item, box.show_completed === 1)) items.push(item);
    }
    return items;
  }

  const reads = {
    present,

    /** The user's Workspace (root box). */
    rootBoxOf: (userId: string, executor: Executor) => findRootBox(executor, userId),

    /** An item as one person sees it, at their level (undefined once it is gone). */
    async presentFor(userId: string, itemId: string, level: AccessLevel): Promise<Item | undefined> {
      const row = await findItemWithState(db, userId, itemId);
      return row ? withSeenParent(userId, presentItem(row, level), db) : undefined;
    },

    /** These items' shared fields, as nobody in particular sees them, with their parents. */
    async sharedViews(itemIds: readonly string[]): Promise<{ item: Item; parentId: string | null }[]> {
      return (await findItemsWithState(db, '', itemIds)).map((row) => ({
        item: presentItem(row, 'readonly'),
        parentId: row.parent_id,
      }));
    },

    async getItem(user: UserRow, itemId: string): Promise<Item> {
      const { level, boxSeen } = await access.authorizeInBox(user.id, itemId, 'read', db);
      return present(user.id, itemId, level, db, boxSeen);
    },

    /**
     * The box and its visible sub-items in order (SPEC §4 "visible sub-items"): all of them,
     * or with `limit` a page of them from `offset` on, and where the next page starts. From
     * offset 0 the box lists every visible sub-item's id (`subItemsIndex`); a page reads the
     * order as ids and full rows for its own items only.
     */
    async getItemsForPane(
      user: UserRow,
      itemId: string,
      { limit, offset = 0 }: { limit?: number | undefined; offset?: number | undefined } = {},
    ): Promise<ItemsForPane> {
      const { level, boxSeen } = await access.authorizeInBox(user.id, itemId, 'read', db);
      const withParent = (item: Item) => withSeenParent(user.id, item, db, boxSeen);
      const box = await findItemWithState(db, user.id, itemId);
      if (!box) throw appErrors.notFound();
      const includeCompleted = box.show_completed === 1;
      const shared = await sharedIntoWorkspace(user, box);
      if (limit === undefined && offset === 0) {
        const children = await childrenWithState(db, user.id, itemId, { includeCompleted });
        const items = [...children.map((row) => presentItem(row, level)), ...shared];
        return {
          item: await withParent(
            presentItem(
              box,
              level,
              items.map((child) => child._id),
            ),
          ),
          items,
        };
      }
      const ids = [
        ...(await childIdsInOrder(db, itemId, { includeCompleted })),
        ...shared.map((item) => item._id),
      ];
      const end = limit === undefined ? ids.length : Math.min(ids.length, offset + limit);
      const pageIds = ids.slice(offset, end);
      const found = new Map(shared.map((item) => [item._id, item]));
      for (const chunk of idChunks(pageIds.filter((id) => !found.has(id)))) {
        for (const row of await childrenWithState(db, user.id, itemId, { includeCompleted, ids: chunk }))
          found.set(row.id, presentItem(row, level));
      }
      return {
        item: await withParent(presentItem(box, level, offset === 0 ? ids : undefined)),
        // A row archived or moved since its id was read is left out; its pane reads again then.
        items: pageIds.flatMap((id) => found.get(id) ?? []),
        ...(limit === undefined ? {} : { next: end < ids.length ? end : null }),
      };
    },

    async countChildren(user: UserRow, itemId: string): Promise<number> {
      await access.authorize(user.id, itemId, 'read', db);
      return countVisibleChildren(db, itemId);
    },

    /** Items linked to the caller directly (their root box, and what others shared with them). */
    async associatedItems(user: UserRow, limitToType: ItemType | undefined): Promise<Item[]> {
      const rows = await associatedItemsWithState(db, user.id, limitToType);
      return rows.map((row) => presentItem(row, row.level));
    },
  };
  return reads;
}

export type ItemReads = ReturnType<typeof createItemReads>;
