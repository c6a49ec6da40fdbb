import { SYSTEM_USER } from '@nestbox/shared/constants';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { InheritedShare, ShareEntry } from '@nestbox/shared/sharing/sharing.schema';
import type { Clock } from '../../clock.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import { createDomainEvents, type DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { AccessService } from '../access/access.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ItemEventDetails, RecordItemEvents } from '../history/history.contract.js';
import type { ItemsService } from '../items/items.service.js';
import type { UndoEntry, UndoService } from '../undo/undo.service.js';
import type { UsersService } from '../users/users.service.js';
import { shareItem } from './commands/share-item.js';
import {
  countOwners,
  deleteLink,
  findLink,
  findLinkRow,
  insertLink,
  linksOnChain,
  listLinks,
  peopleToSuggest,
  setLinkLevel,
} from './sharing.repository.js';

/** How many people the share search offers at most. */
const SUGGESTIONS = 20;

/** What undoes a removed share: the link as it was. */
interface UnshareUndo {
  itemId: string;
  userId: string;
  level: AccessLevel;
  createdAt: number;
}

/**
 * Who an item is shared with, at which level (SPEC §4 "Share", §5 removal rules, §6). Anyone
 * who can read the item sees the list; only its owners change it, and an item always keeps
 * at least one owner. Sharing a box shares everything inside it (access is inherited).
 */
export function createSharingService({
  db,
  access,
  items,
  users,
  events = createDomainEvents(),
  now,
  undo,
  audit,
  recordHistory,
}: {
  db: Executor;
  access: AccessService;
  /** Records shares, level changes and unshares, in their transactions. */
  audit: Pick<AuditService, 'write' | 'log'>;
  items: ItemsService;
  users: UsersService;
  events?: DomainEventBus;
  now: Clock;
  /** Records removed shares, so their remover may undo the removal. */
  undo?: UndoService;
  /** History: records each share, level change and unshare on the item, in its transaction. */
  recordHistory: RecordItemEvents;
}) {
  /** Records a change to a person's link on the item, by `by`, in the change's transaction. */
  const recordShare = (trx: Tx, by: string, itemId: string, details: ItemEventDetails['shared']) =>
    recordHistory(trx, [{ itemId, userId: by, kind: 'shared', details }]);
  const historyChanged = (itemId: string) => events.emit('history.changed', { itemIds: [itemId] });

  /**
   * People to share with: those the caller already shares something with, and whoever's
   * e-mail is exactly the term; never the caller or the system user.
   */
  async function suggestPeople(user: UserRow, term: string): Promise<{ _id: string; name: string }[]> {
    const rows = await peopleToSuggest(db, {
      callerId: user.id,
      term,
      excludeIds: [user.id, SYSTEM_USER.id],
      limit: SUGGESTIONS,
    });
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  /** The other person's link on the item (read inside the change's transaction). */
  async function existingLink(trx: Executor, itemId: string, userId: string): Promise<AccessLevel> {
    const level = await findLink(trx, itemId, userId);
    if (!level) throw appErrors.notFound('share.notShared');
    return level;
  }

  /**
   * A change to who sees an item, by one of its owners; never on a Workspace (root box): it
   * is its creator's alone, so it is not shared, and nobody can be removed from it.
   */
  async function authorizeShareChange(user: UserRow, itemId: string) {
    await access.authorize(user.id, itemId, 'share', db);
    if ((await items.getItem(user, itemId)).isRootBox) throw appErrors.badRequest('share.rootBox');
  }

  async function keepAnOwner(
    trx: Executor,
    itemId: string,
    currentLevel: AccessLevel,
    newLevel: AccessLevel | null,
  ) {
    if (currentLevel === 'owner' && newLevel !== 'owner' && (await countOwners(trx, itemId)) <= 1) {
      throw appErrors.badRequest('share.lastOwner');
    }
  }

  /**
   * Gives a removed share back at its level, by an owner of the item, while nobody linked the
   * person to the item again (409 `undo.changedSince`) and their account is still there.
   */
  async function restoreShare(user: UserRow, entry: UndoEntry<UnshareUndo, never>): Promise<void> {
    const { itemId, userId, level, createdAt } = entry.payload;
    await authorizeShareChange(user, itemId);
    if (!(await users.findActiveUser(userId))) throw appErrors.conflict('undo.changedSince');
    const recorded = await db.transaction().execute(async (trx) => {
      await entry.claim(trx);
      if (await findLink(trx, itemId, userId)) throw appErrors.conflict('undo.changedSince');
      await insertLink(trx, itemId, userId, level, createdAt);
      await recordShare(trx, user.id, itemId, { userId, level, previousLevel: null });
      return audit.write(trx, {
        type: 'sharing.shared',
        userId: user.id,
        details: { itemId, userId, level, undo: true },
      });
    });
    audit.log(recorded);
    events.emit('item.shared', { itemId, userId });
    historyChanged(itemId);
  }

  undo?.handle('sharing.unshare', restoreShare);

  return {
    suggestPeople,
    async list(user: UserRow, itemId: string, locale: UserLocale): Promise<ShareEntry[]> {
      await access.authorize(user.id, itemId, 'read', db);
      return (await listLinks(db, itemId)).map((link) => ({
        userId: link.user_id,
        name: link.name,
        ownershipId: link.level,
        ownershipName: translate(locale, `share.level.${link.level}`),
      }));
    },

    /**
     * Who sees the item through the boxes above it, box by box (nearest first): each person
     * under the nearest box that shares it with them, nobody already on the item itself. Only
     * boxes the caller sees themselves are told of (up to their own highest link), and never
     * a Workspace, which is its creator's alone.
     */
    async inherited(user: UserRow, itemId: string, locale: UserLocale): Promise<InheritedShare[]> {
      await access.authorize(user.id, itemId, 'read', db);
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
      const entry = await db.transaction().execute(async (trx) => {
        await shareItem(trx, { itemId, ownerId: user.id, userId, level, at: now() });
        await recordShare(trx, user.id, itemId, { userId, level, previousLevel: null });
        return audit.write(trx, {
          type: 'sharing.shared',
          userId: user.id,
          details: { itemId, userId, level },
        });
      });
      audit.log(entry);
      events.emit('item.shared', { itemId, userId });
      historyChanged(itemId);
    },

    async updateLevel(user: UserRow, itemId: string, userId: string, level: AccessLevel): Promise<void> {
      // Checked before the transaction: on SQLite a query outside it would wait for it.
      await authorizeShareChange(user, itemId);
      const entry = await db.transaction().execute(async (trx) => {
        const current = await existingLink(trx, itemId, userId);
        await keepAnOwner(trx, itemId, current, level);
        await setLinkLevel(trx, itemId, userId, level);
        if (level !== current)
          await recordShare(trx, user.id, itemId, { userId, level, previousLevel: current });
        return audit.write(trx, {
          type: 'sharing.levelChanged',
          userId: user.id,
          details: { itemId, userId, level, previousLevel: current },
        });
      });
      audit.log(entry);
      events.emit('item.levelChanged', { itemId, userId });
      historyChanged(itemId);
    },

    /** Stops sharing an item with someone; answers the id that undoes it. */
    async remove(user: UserRow, itemId: string, userId: string): Promise<string | undefined> {
      await authorizeShareChange(user, itemId);
      const { undoId, entry } = await db.transaction().execute(async (trx) => {
        const current = await existingLink(trx, itemId, userId);
        await keepAnOwner(trx, itemId, current, null);
        const link = await findLinkRow(trx, itemId, userId);
        await deleteLink(trx, itemId, userId);
        await recordShare(trx, user.id, itemId, { userId, level: null, previousLevel: current });
        const entry = await audit.write(trx, {
          type: 'sharing.unshared',
          userId: user.id,
          details: { itemId, userId, level: current },
        });
        const undoId = link
          ? await undo?.record<UnshareUndo, never>(trx, {
              userId: user.id,
              kind: 'sharing.unshare',
              payload: { itemId, userId, level: link.level, createdAt: link.created_at },
            })
          : undefined;
        return { undoId, entry };
      });
      audit.log(entry);
      events.emit('item.unshared', { itemId, userId });
      historyChanged(itemId);
      return undoId;
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
