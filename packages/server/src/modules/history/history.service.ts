import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  HISTORY_PAGE_SIZE,
  type ItemEvent,
  type ItemHistoryPage,
} from '@nestbox/shared/history/history.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import { tellOnCommit } from '../../db/run-write.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { ItemEventDetails, ItemEventInput } from './history.contract.js';
import {
  type ItemEventRow,
  insertItemEvents,
  itemEventsOf,
  namesOf,
  titlesOf,
} from './history.repository.js';

/** A stored event with its details read back. */
type ReadEvent = { row: ItemEventRow } & (
  | { kind: 'created' | 'completed' | 'reopened' | 'commented' | 'attached' }
  | {
      [Kind in keyof ItemEventDetails]: { kind: Kind; details: ItemEventDetails[Kind] };
    }[keyof ItemEventDetails]
);

const read = (row: ItemEventRow): ReadEvent =>
  ({ row, kind: row.kind, details: row.details === null ? null : JSON.parse(row.details) }) as ReadEvent;

/**
 * Each item's history (docs/guide.md "History"): the shared changes to it, who made them and
 * when, recorded by the modules that make them inside their own transactions (`record`), and
 * read newest first by anyone who sees the item. What the history names is named as the
 * reader may see it now: a box they do not see is not named, a person only by their display
 * name.
 */
export function createHistoryService({
  db,
  access,
  now,
}: {
  db: Executor;
  access: AccessService;
  now: Clock;
}) {
  /** The names a page mentions that its reader may read: boxes they see now, and people. */
  async function namesFor(userId: string, events: readonly ReadEvent[]) {
    const boxIds = new Set<string>();
    const people = new Set<string>();
    for (const event of events) {
      if (event.kind === 'moved') {
        if (event.details.from !== null) boxIds.add(event.details.from);
        boxIds.add(event.details.to);
      }
      if (event.kind === 'shared') people.add(event.details.userId);
    }
    // One check for every box the page names, not one per box.
    const seen = await access.pairsThatSee(
      [...boxIds].map((boxId) => ({ key: boxId, userId, itemId: boxId })),
      db,
    );
    return { boxes: await titlesOf(db, [...seen]), people: await namesOf(db, [...people]) };
  }

  function present(event: ReadEvent, names: Awaited<ReturnType<typeof namesFor>>): ItemEvent {
    const { row } = event;
    const common = {
      id: row.id,
      at: Number(row.created_at),
      actor: row.user_id === null ? null : { id: row.user_id, name: row.actor_name ?? '' },
    };
    const box = (id: string | null) => {
      const title = id === null ? undefined : names.boxes.get(id);
      return id === null || title === undefined ? null : { id, title };
    };
    switch (event.kind) {
      case 'renamed':
      case 'dated':
        return { ...common, kind: event.kind, details: event.details } as ItemEvent;
      case 'moved':
        return {
          ...common,
          kind: 'moved',
          details: { from: box(event.details.from), to: box(event.details.to) },
        };
      case 'shared': {
        const { userId, level, previousLevel } = event.details;
        const name = names.people.get(userId);
        return {
          ...common,
          kind: 'shared',
          details: { person: name === undefined ? null : { id: userId, name }, level, previousLevel },
        };
      }
      default:
        return { ...common, kind: event.kind, details: null };
    }
  }

  return {
    /**
     * Records changes to items inside the caller's transaction `tx` (the one that makes them),
     * many rows a statement; everyone who sees the items hears of it once `tx` commits.
     */
    async record(tx: Tx, events: readonly ItemEventInput[]): Promise<void> {
      if (events.length === 0) return;
      const at = now();
      await insertItemEvents(
        tx,
        events.map((event) => ({
          id: newId(),
          item_id: event.itemId,
          user_id: event.userId,
          kind: event.kind,
          details: 'details' in event ? JSON.stringify(event.details) : null,
          created_at: at,
        })),
      );
      tellOnCommit(tx, ['history.changed', { itemIds: [...new Set(events.map(({ itemId }) => itemId))] }]);
    },

    /** A page of the item's history, newest first (404 when the caller does not see the item). */
    async page(user: UserRow, itemId: string, before?: string): Promise<ItemHistoryPage> {
      const cursor = before === undefined ? undefined : decodeHistoryCursor(before);
      if (before !== undefined && !cursor)
        throw appErrors.badRequest('error.validation', { before: 'history.cursor.invalid' });
      await access.authorize(user.id, itemId, 'read', db);
      const rows = await itemEventsOf(db, { itemId, before: cursor, limit: HISTORY_PAGE_SIZE + 1 });
      const events = rows.slice(0, HISTORY_PAGE_SIZE).map(read);
      const names = await namesFor(user.id, events);
      const last = events.at(-1)?.row;
      return {
        events: events.map((event) => present(event, names)),
        next:
          rows.length > HISTORY_PAGE_SIZE && last
            ? encodeHistoryCursor({ at: Number(last.created_at), id: last.id })
            : null,
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
