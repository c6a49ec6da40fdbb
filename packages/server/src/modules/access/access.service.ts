import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor } from '../../db/schema.js';
import type { Audience } from './access.contract.js';
import { authorizeLevel, type LevelCheck } from './access.policy.js';
import { audienceOf, levelOf, linksOf, pairsThatSee, boxSight as readBoxSight } from './access.repository.js';

export type { Audience } from './access.contract.js';
export { authorizeLevel } from './access.policy.js';

/**
 * The level the caller sees each box at (null: not seen), each box read once per returned
 * function: for lists that start from a bounded set of matches (see the repository's
 * `boxSight`).
 */
export function boxSight(db: Executor, userId: string) {
  return readBoxSight(db, userId);
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
