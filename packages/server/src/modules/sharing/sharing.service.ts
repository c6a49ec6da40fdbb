import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { InheritedShare, ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { ItemsService } from '../items/items.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  countOwners,
  deleteLink,
  findLink,
  insertLink,
  isRootBox,
  linksOnChain,
  listLinks,
  setLinkLevel,
} from './sharing.repository.js';

/**
 * Who an item is shared with, at which level (SPEC §4 "Share", §5 removal rules, §6). Anyone
 * who can read the item sees the list; only its owners change it, and an item always keeps
 * at least one owner. Sharing a box shares everything inside it (access is inherited).
 */
export function createSharingService({
  db,
  items,
  users,
  now = Date.now,
}: {
  db: Kysely<Database>;
  items: ItemsService;
  users: UsersService;
  now?: () => number;
}) {
  /** The other person's link on the item (read inside the change's transaction). */
  async function existingLink(trx: Kysely<Database>, itemId: string, userId: string): Promise<AccessLevel> {
    const level = await findLink(trx, itemId, userId);
    if (!level) throw appErrors.notFound('share.notShared');
    return level;
  }

  /**
   * A change to who sees an item, by one of its owners; never on a Workspace (root box): it
   * is its creator's alone, so it is not shared, and nobody can be removed from it.
   */
  async function authorizeShareChange(user: UserRow, itemId: string) {
    await items.authorize(user, itemId, 'share');
    if (await isRootBox(db, itemId)) throw appErrors.badRequest('share.rootBox');
  }

  async function keepAnOwner(
    trx: Kysely<Database>,
    itemId: string,
    currentLevel: AccessLevel,
    newLevel: AccessLevel | null,
  ) {
    if (currentLevel === 'owner' && newLevel !== 'owner' && (await countOwners(trx, itemId)) <= 1) {
      throw appErrors.badRequest('share.lastOwner');
    }
  }

  return {
    async list(user: UserRow, itemId: string, locale: UserLocale): Promise<ShareEntry[]> {
      await items.authorize(user, itemId, 'read');
      return (await listLinks(db, itemId)).map((link) => ({
        userId: link.user_id,
        name: link.name,
        ownershipId: link.level as AccessLevel,
        ownershipName: translate(locale, `share.level.${link.level as AccessLevel}`),
      }));
    },

    /**
     * Who sees the item through the boxes above it, box by box (nearest first): each person
     * under the nearest box that shares it with them, nobody already on the item itself. Only
     * boxes the caller sees themselves are told of (up to their own highest link), and never
     * a Workspace, which is its creator's alone.
     */
    async inherited(user: UserRow, itemId: string, locale: UserLocale): Promise<InheritedShare[]> {
      await items.authorize(user, itemId, 'read');
      const links = await linksOnChain(db, itemId);
      const seenUpTo = Math.max(
        ...links.filter((link) => link.user_id === user.id).map((link) => link.depth),
      );
      const placed = new Set(links.filter((link) => link.depth === 0).map((link) => link.user_id));
      const boxes = new Map<string, InheritedShare>();
      for (const link of links) {
        if (link.depth === 0 || link.depth > seenUpTo || link.is_root_box || placed.has(link.user_id))
          continue;
        placed.add(link.user_id);
        let box = boxes.get(link.item_id);
        if (!box) {
          box = { itemId: link.item_id, title: link.title, entries: [] };
          boxes.set(link.item_id, box);
        }
        box.entries.push({
          userId: link.user_id,
          name: link.name,
          ownershipId: link.level,
          ownershipName: translate(locale, `share.level.${link.level}`),
        });
      }
      return [...boxes.values()];
    },

    async associate(user: UserRow, itemId: string, userId: string, level: AccessLevel): Promise<void> {
      await authorizeShareChange(user, itemId);
      // Only an owner shares, and they already see the item (perhaps through a box above).
      if (userId === user.id) throw appErrors.badRequest('share.self');
      if (!(await users.findActiveUser(userId))) throw appErrors.notFound();
      await db.transaction().execute(async (trx) => {
        if (await findLink(trx, itemId, userId)) throw appErrors.conflict('share.alreadyShared');
        // The first share of an item names its owner on it, so the list shows them and the
        // last-owner rule counts them (they owned it through a box above until now).
        if (!(await findLink(trx, itemId, user.id))) await insertLink(trx, itemId, user.id, 'owner', now());
        await insertLink(trx, itemId, userId, level, now());
      });
      items.announceShared(itemId, userId);
    },

    async updateLevel(user: UserRow, itemId: string, userId: string, level: AccessLevel): Promise<void> {
      // Checked before the transaction: on SQLite a query outside it would wait for it.
      await authorizeShareChange(user, itemId);
      await db.transaction().execute(async (trx) => {
        const current = await existingLink(trx, itemId, userId);
        await keepAnOwner(trx, itemId, current, level);
        await setLinkLevel(trx, itemId, userId, level);
      });
      items.announceLevelChanged(itemId, userId);
    },

    async remove(user: UserRow, itemId: string, userId: string): Promise<void> {
      await authorizeShareChange(user, itemId);
      await db.transaction().execute(async (trx) => {
        const current = await existingLink(trx, itemId, userId);
        await keepAnOwner(trx, itemId, current, null);
        await deleteLink(trx, itemId, userId);
      });
      await items.announceUnshared(itemId, userId);
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
