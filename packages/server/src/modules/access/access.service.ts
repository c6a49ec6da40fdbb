import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import type { Audience } from './access.contract.js';
import { authorizeLevel, type LevelCheck } from './access.policy.js';
import { audienceOf, boxSight, levelOf, linksOf, nearestLinkOf, pairsThatSee } from './access.repository.js';

export type { Audience } from './access.contract.js';
export { authorizeLevel } from './access.policy.js';

/** How the caller sees an item: at which level (null: not at all), and whether they see its box too. */
export interface ItemSight {
  level: AccessLevel | null;
  boxSeen: boolean;
}

/**
 * How the caller sees each of a bounded list of items (search matches, an Organizer page): at
 * its own link's level, else at its box's. Boxes are walked up from (the repository's
 * `boxSight`), each read once per returned function, so the cost follows the items asked
 * about, not everything the caller sees.
 */
export function itemSight(db: Executor, userId: string) {
  const sight = boxSight(db, userId);
  return async (
    items: readonly { parentId: string | null; ownLevel: AccessLevel | null }[],
  ): Promise<ItemSight[]> => {
    const boxes = await sight(items.flatMap((item) => (item.parentId ? [item.parentId] : [])));
    return items.map(({ parentId, ownLevel }) => {
      const boxLevel = parentId ? (boxes.get(parentId) ?? null) : null;
      return { level: ownLevel ?? boxLevel, boxSeen: boxLevel !== null };
    });
  };
}

/** An audience as one comparable value: the same people at the same levels give the same key. */
export function audienceKey(audience: Audience): string {
  return audience
    .map(({ userId, level }) => `${userId}:${level}`)
    .sort()
    .join(',');
}

/**
 * Who sees an item, at what level: the one place that walks the tree for it. A person's level
 * on an item is the level of their nearest link on the item or a box above it (SPEC §6,
 * ARCHITECTURE.md). Items, sharing, reminders, the Organizer and search all ask here.
 */
export function createAccessService({ db }: { db: Executor }) {
  return {
    /** The person's level on the item, or undefined when they do not see it. */
    levelOf: (userId: string, itemId: string, executor: Executor) => levelOf(executor, userId, itemId),

    /** The person's level, checked (404 when they do not see the item, 403 when it is too low). */
    async authorize(
      userId: string,
      itemId: string,
      check: LevelCheck,
      executor: Executor,
    ): Promise<AccessLevel> {
      return authorizeLevel(await levelOf(executor, userId, itemId), check);
    },

    /**
     * `authorize`, and whether the caller sees the item's box too, where the same walk up can
     * tell: true when their level comes from a link above the item (its box is on the way to
     * it); undefined when the item's own link decides, and only the box's own sight can tell.
     */
    async authorizeInBox(
      userId: string,
      itemId: string,
      check: LevelCheck,
      executor: Executor,
    ): Promise<{ level: AccessLevel; boxSeen: true | undefined }> {
      const link = await nearestLinkOf(executor, userId, itemId);
      return {
        level: authorizeLevel(link?.level, check),
        boxSeen: link && link.depth > 0 ? true : undefined,
      };
    },

    /** Everyone who sees the item, at their level. */
    audienceOf: (itemId: string, executor: Executor): Promise<Audience> => audienceOf(executor, itemId),

    /**
     * The audience of each of these items: its own links over its parent's audience, worked out
     * once per parent. `known` carries the audiences already worked out across calls, so a
     * box's whole subtree (100,000 items, say) can be read slice by slice.
     */
    async audiencesOf(
      items: readonly { id: string; parentId: string | null }[],
      known: Map<string, Audience> = new Map(),
    ): Promise<Map<string, Audience>> {
      const above = async (parentId: string | null): Promise<Audience> => {
        if (!parentId) return [];
        let audience = known.get(parentId);
        if (!audience) {
          audience = await audienceOf(db, parentId);
          known.set(parentId, audience);
        }
        return audience;
      };
      const result = new Map<string, Audience>();
      for (const slice of idChunks(items)) {
        const links = await linksOf(
          db,
          slice.map((item) => item.id),
        );
        for (const item of slice) {
          const own = links.get(item.id) ?? [];
          const linked = new Set(own.map(({ userId }) => userId));
          const audience = [...own, ...(await above(item.parentId)).filter((m) => !linked.has(m.userId))];
          known.set(item.id, audience);
          result.set(item.id, audience);
        }
      }
      return result;
    },

    /** Which of these (person, item) pairs still see their item, by key. */
    pairsThatSee: (pairs: readonly { key: string; userId: string; itemId: string }[], executor: Executor) =>
      pairsThatSee(executor, pairs),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
