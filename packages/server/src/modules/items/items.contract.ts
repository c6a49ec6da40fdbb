import type { AutoArchiveDuration } from '@nestbox/shared/constants';
import type { BoxType, ItemType } from '@nestbox/shared/items/item.schema';
import type { Executor, ItemRow } from '../../db/schema.js';

/*
 * The items module's types for other modules: what they hand it (a new tree, personal
 * changes), what it answers (an undoable change, the rows a list presents, a path's boxes),
 * and the ports it asks of the modules that follow its items.
 */

/** Gap between consecutive sibling positions: a new last child, or a renumbering. */
export const POSITION_STEP = 1024;

/**
 * One item of a new tree (an import), in depth-first order: `parent` is the index of its box
 * among the tree's items, or null for the items that go straight into the target box.
 */
export interface NewTreeItem {
  parent: number | null;
  itemType: ItemType;
  boxType: BoxType;
  title: string;
  createdAt: number;
  completedAt: number | null;
  archivedAt: number | null;
  targetDate: number | null;
  /** Whether the target date carries a time of day; left out or null: not recorded. */
  targetHasTime?: boolean | null | undefined;
  autoArchive: { amount: number; duration: AutoArchiveDuration } | null;
  /** Boxes only. */
  settings: { showCompleted: boolean; autoAddToUnprioritized: boolean } | null;
  /** The item's note (Markdown), if it has one. */
  note?: string | null;
  /**
   * Dated texts only: the RRULE, from-completion, the occurrences completed, and the history of
   * completions (each occurrence and when it was completed), recorded as the importer's.
   */
  recurrence?: {
    rule: string;
    fromCompletion: boolean;
    done: number;
    completions?: { occurrence: number; completedAt: number }[];
  } | null;
  /** The creator's own state; texts only may be prioritizable. */
  personal: { favourited: boolean; prioritizable: boolean; priority: number | null; markedForToday: boolean };
}

/** The caller's own state on an item (user_items columns). */
export type PersonalChanges = {
  favourited?: number;
  prioritizable?: number;
  priority?: number | null;
  marked_for_today?: number;
};

/** A change's answer, and the id that undoes it when it can be undone (`X-Undo-Id`). */
export interface Undoable<T> {
  value: T;
  undoId: string | undefined;
}

/** A box as a path reads it. */
export interface PathBox {
  title: string;
  parentId: string | null;
  isRootBox: boolean;
}

/** The caller's personal state of an item (user_items), null where they have none. */
export interface PersonalState {
  favourited: number | null;
  prioritizable: number | null;
  priority: number | null;
  marked_for_today: number | null;
}

/** An item row with the caller's personal state beside it. */
export type ItemWithState = ItemRow & PersonalState;

/**
 * The item columns the API's Item is made of (items.presenter.ts): other modules' queries
 * (the Organizer, search) select exactly these to present items the same way.
 */
export const PRESENTED_COLUMNS = [
  'id',
  'title',
  'type',
  'box_type',
  'parent_id',
  'is_root_box',
  'completed_at',
  'archived_at',
  'target_date',
  'target_has_time',
  'recurrence_rule',
  'recur_from_completion',
  'created_at',
  'auto_archive_amount',
  'auto_archive_duration',
  'auto_archive_at',
  'show_completed',
  'auto_add_to_unprioritized',
  'note',
  'comment_count',
] as const satisfies readonly (keyof ItemRow)[];

/** Just what it takes to present an item: read for long lists, where every column costs. */
export type PresentableRow = Pick<ItemRow, (typeof PRESENTED_COLUMNS)[number]> & PersonalState;

/*
 * What the items module asks of the modules that follow its items (reminders), given to it
 * in app.ts: each runs inside the items' own transaction.
 */

/**
 * A target date as it is written: the instant (null: none), and whether it carries a time of
 * day (left out or null: not recorded, and read from the instant as before).
 */
export interface TargetDateWrite {
  targetDate: number | null;
  hasTime?: boolean | null | undefined;
}

/** The stored form of whether a target date carries a time of day (`items.target_has_time`). */
export function hasTimeColumn({ targetDate, hasTime }: TargetDateWrite): number | null {
  return targetDate === null || hasTime === undefined || hasTime === null ? null : hasTime ? 1 : 0;
}

/** What `items.target_has_time` records: a time of day (true), a day alone (false), or not recorded (null). */
export function hasTimeOf(row: { target_has_time: number | null }): boolean | null {
  // A read that left the column out (a raw select of its own) reads as not recorded.
  const recorded = row.target_has_time ?? null;
  return recorded === null ? null : recorded === 1;
}

/**
 * Reminders: re-plans an item's reminders inside the transaction that changes its target
 * date; answers what it removed with a cleared date, for an undo to give back.
 */
export type TargetDateChanged = (
  tx: Executor,
  change: { itemId: string; userId: string; targetDate: number | null; at: number },
) => Promise<unknown>;

/**
 * Reminders: an undo put the target date back (null: the item had none); what
 * `TargetDateChanged` removed comes back.
 */
export type TargetDateRestored = (
  tx: Executor,
  change: { itemId: string; targetDate: number | null; removed: unknown; at: number },
) => Promise<void>;
