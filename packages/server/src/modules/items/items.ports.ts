import type { Executor } from '../../db/schema.js';

/*
 * What the items module asks of the modules that follow its items (reminders), given to it
 * in app.ts: each runs inside the items' own transaction.
 */

/**
 * Reminders: re-plans an item's reminders inside the transaction that changes its target
 * date; answers what it removed with a cleared date, for an undo to give back.
 */
export type TargetDateChanged = (
  tx: Executor,
  change: { itemId: string; userId: string; targetDate: number | null; at: number },
) => Promise<unknown>;

/** Reminders: an undo put the target date back; what `TargetDateChanged` removed comes back. */
export type TargetDateRestored = (
  tx: Executor,
  change: { itemId: string; targetDate: number; removed: unknown; at: number },
) => Promise<void>;
