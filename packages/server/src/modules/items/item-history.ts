import type { Tx } from '../../db/schema.js';
import type { RecordItemEvents } from '../history/history.contract.js';

/**
 * The items module's writes as their items' history tells them (modules/history), each
 * recorded in the write's transaction, and only when it changed something others see: a
 * title saved as it was, a date set to the date it had, a move within the same box are not
 * changes. Personal state (priority, favourite) is never recorded. A box completed is
 * recorded on the box alone, not on each thing it completed inside it: a box of 100,000
 * items would otherwise write as many events, and take twice as long to complete.
 */
export function createItemHistory(record: RecordItemEvents) {
  return {
    created: (tx: Tx, userId: string, itemId: string) => record(tx, [{ itemId, userId, kind: 'created' }]),

    async renamed(tx: Tx, userId: string, itemId: string, from: string, to: string) {
      if (from !== to) await record(tx, [{ itemId, userId, kind: 'renamed', details: { from, to } }]);
    },

    /** The item someone completed or reopened, when `changed` (what the write changed) holds it. */
    async completion(tx: Tx, userId: string, itemId: string, completed: boolean, changed: readonly string[]) {
      if (changed.includes(itemId))
        await record(tx, [{ itemId, userId, kind: completed ? 'completed' : 'reopened' }]);
    },

    /** A target date set, moved or cleared; `hasTime`: whether each carries a time of day, where recorded. */
    async dated(
      tx: Tx,
      userId: string,
      itemId: string,
      from: number | null,
      to: number | null,
      hasTime: { from?: boolean | null | undefined; to?: boolean | null | undefined } = {},
    ) {
      const fromHasTime = from === null ? null : (hasTime.from ?? null);
      const toHasTime = to === null ? null : (hasTime.to ?? null);
      if (from === to && fromHasTime === toHasTime) return;
      const details = {
        from,
        to,
        ...(fromHasTime === null ? {} : { fromHasTime }),
        ...(toHasTime === null ? {} : { toHasTime }),
      };
      await record(tx, [{ itemId, userId, kind: 'dated', details }]);
    },

    async moved(tx: Tx, userId: string, itemId: string, from: string | null, to: string) {
      if (from !== to) await record(tx, [{ itemId, userId, kind: 'moved', details: { from, to } }]);
    },
  };
}

export type ItemHistory = ReturnType<typeof createItemHistory>;
