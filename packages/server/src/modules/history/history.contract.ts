import type { AccessLevel } from '@nestbox/shared/items/item-values';
import type { Tx } from '../../db/schema.js';

/*
 * What the modules that change items hand the history module, inside their own transaction:
 * the change, whose it is, and what it changed, as stored (ids, not names: a name is read
 * when the history is, as the reader may see it then).
 */

/** The details each kind of event stores (none for the kinds not named). */
export interface ItemEventDetails {
  renamed: { from: string; to: string };
  /** The box the item left (null: it had none) and the box it went to. */
  moved: { from: string | null; to: string };
  /**
   * Target dates in UTC ms; null: none (`to` null: cleared). With each, whether it carries a
   * time of day, where that was recorded.
   */
  dated: { from: number | null; to: number | null; fromHasTime?: boolean; toHasTime?: boolean };
  /** The person's level after (null: no longer shared) and before (null: newly shared). */
  shared: { userId: string; level: AccessLevel | null; previousLevel: AccessLevel | null };
}

/** One change to record: `userId` made it on `itemId`. */
export type ItemEventInput = { itemId: string; userId: string } & (
  | { kind: 'created' | 'completed' | 'reopened' | 'commented' | 'attached' }
  | {
      [Kind in keyof ItemEventDetails]: { kind: Kind; details: ItemEventDetails[Kind] };
    }[keyof ItemEventDetails]
);

/**
 * Records changes to items in the transaction that makes them, so that both commit or
 * neither; whoever sees the items hears of their history once it commits.
 */
export type RecordItemEvents = (tx: Tx, events: readonly ItemEventInput[]) => Promise<void>;
