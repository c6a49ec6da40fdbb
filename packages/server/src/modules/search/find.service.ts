import type { FindItemsResponse, FoundItem } from '@nestbox/shared/items/find.schema';
import type { ItemType } from '@nestbox/shared/items/item.schema';
import { foldAccents } from '@nestbox/shared/search/search-query';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import type { DomainEventBus, DomainEventName } from '../../events/domain-events.js';
import { boxesAbove } from '../items/items.service.js';
import { findableItems } from './find.repository.js';
import { type Findable, mostRecent, type Ranked, rankMatches } from './find-ranking.js';

/** What the caller sees, read once for a query: every findable item, and the boxes by id. */
interface Seen {
  items: Findable[];
  boxes: Map<string, Findable>;
}

async function readSeen(db: Executor, userId: string): Promise<Seen> {
  const rows = await findableItems(db, userId);
  const items: Findable[] = [];
  const boxes = new Map<string, Findable>();
  for (const row of rows) {
    const item: Findable = {
      id: row.id,
      type: row.type,
      title: row.title,
      folded: foldAccents(row.title),
      parentId: row.parent_id,
      isRootBox: row.is_root_box === 1,
      completed: row.completed_at !== null,
      updatedAt: row.updated_at,
    };
    items.push(item);
    if (item.type === 'todoBox') boxes.set(item.id, item);
  }
  return { items, boxes };
}

/** Titles of the boxes above an item that the caller sees, outermost first, their Workspace left out. */
function pathOf(item: Findable, boxes: Map<string, Findable>): string[] {
  return boxesAbove(item.parentId, boxes)
    .filter((box) => !box.isRootBox)
    .map((box) => box.title);
}

/** How long what a person sees is kept between two queries (a burst of typing), unless an item changes first. */
export const SEEN_KEPT_MS = 10_000;

/** The domain events after which what anybody sees may differ. */
const ITEM_EVENTS = [
  'items.created',
  'items.changed',
  'item.moved',
  'item.shared',
  'item.levelChanged',
  'item.unshared',
] as const satisfies readonly DomainEventName[];

/**
 * The finder behind the command palette and quick capture: a fuzzy match on the titles of
 * everything the caller sees (access decided by the access module, once per box), or, with
 * nothing typed, what changed most recently.
 *
 * Each keystroke asks again, so with `cached` (a lone instance, which hears of every change)
 * what a person sees is kept for SEEN_KEPT_MS and forgotten, for everybody, as soon as any
 * item changes. Several instances (Redis) read it afresh on every query.
 */
export function createFindService({
  db,
  events,
  cached = false,
  now,
}: {
  db: Executor;
  events: DomainEventBus;
  cached?: boolean;
  now: Clock;
}) {
  const kept = new Map<string, { seen: Promise<Seen>; until: number }>();
  if (cached) for (const name of ITEM_EVENTS) events.on(name, () => kept.clear());

  function seenBy(userId: string): Promise<Seen> {
    if (!cached) return readSeen(db, userId);
    const at = now();
    const hit = kept.get(userId);
    if (hit && hit.until > at) return hit.seen;
    for (const [id, entry] of kept) if (entry.until <= at) kept.delete(id);
    const entry = { seen: readSeen(db, userId), until: at + SEEN_KEPT_MS };
    kept.set(userId, entry);
    entry.seen.catch(() => {
      if (kept.get(userId) === entry) kept.delete(userId);
    });
    return entry.seen;
  }

  return {
    async find(
      user: UserRow,
      { q, type, limit }: { q: string; type?: ItemType | undefined; limit: number },
    ): Promise<FindItemsResponse> {
      const seen = await seenBy(user.id);
      const candidates = seen.items.filter((item) => !item.isRootBox && (!type || item.type === type));
      const query = q.trim();
      const ranked: Ranked[] = query ? rankMatches(candidates, query, limit) : mostRecent(candidates, limit);
      return {
        results: ranked.map(
          ({ item, highlights }): FoundItem => ({
            _id: item.id,
            title: item.title,
            itemType: item.type,
            completed: item.completed,
            parentItemId: item.parentId && seen.boxes.has(item.parentId) ? item.parentId : null,
            path: pathOf(item, seen.boxes),
            highlights,
          }),
        ),
      };
    },
  };
}

export type FindService = ReturnType<typeof createFindService>;
