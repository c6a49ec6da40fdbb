import type { AccessLevel, Item } from '@nestbox/shared/items/item.schema';
import type { ItemCompletions, SetRecurrenceBody } from '@nestbox/shared/recurrence/recurrence.schema';
import {
  firstOccurrence,
  nextOccurrence,
  normalizeRecurrenceRule,
  recurrenceRuleError,
} from '@nestbox/shared/recurrence/recurrence-rule';
import { newId } from '../../db/ids.js';
import type { RunWrite } from '../../db/run-write.js';
import type { Db, ItemRow, ItemUpdateRow, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { UndoEntry, UndoService } from '../undo/undo.service.js';
import { editableItem } from './item-guards.js';
import type { ItemHistory } from './item-history.js';
import { hasTimeOf, type TargetDateChanged, type TargetDateRestored } from './items.contract.js';
import { findItem, updateItems } from './items.repository.js';
import {
  advanceOccurrence,
  completionsOf,
  deleteCompletion,
  insertCompletion,
} from './recurrence.repository.js';

/** How many completions Item settings lists. */
const HISTORY_LIMIT = 50;

/** What undoes the advance of a recurring item: the occurrence it was at, and its history row. */
interface RecurrenceUndo {
  itemId: string;
  at: number;
  before: number;
  done: number;
  completionId: string;
}

/**
 * Recurring items (docs/guide.md "Recurring items"), inside the items module: setting a rule, the
 * completion that moves the target date to the next occurrence instead of completing, its
 * history and its undo, each checked by the item guards inside its write's transaction.
 * Reminders follow the date as for any change of it.
 */
export function createRecurrenceService({
  db,
  runWrite,
  now,
  undo,
  access,
  present,
  onTargetDateChanged,
  onTargetDateRestored,
  history,
}: {
  db: Db;
  runWrite: RunWrite;
  now: () => number;
  undo: UndoService | undefined;
  access: AccessService;
  present: (userId: string, itemId: string, level: AccessLevel) => Promise<Item>;
  onTargetDateChanged: TargetDateChanged | undefined;
  onTargetDateRestored: TargetDateRestored | undefined;
  history: ItemHistory;
}) {
  /**
   * Writes a text item's rule inside the caller's transaction, rights already checked. A rule
   * on an item without a target date gives it the rule's first occurrence from today on (the
   * caller's zone), with what a new date brings (the setter's linked reminder, reminders planned).
   */
  async function writeRecurrence(
    trx: Tx,
    user: UserRow,
    itemId: string,
    { rule, fromCompletion }: { rule: string | null; fromCompletion?: boolean | undefined },
    at = now(),
  ): Promise<void> {
    const item = await findItem(trx, itemId);
    if (!item) throw appErrors.notFound();
    if (item.type !== 'todoText') throw appErrors.badRequest('items.recurrence.textOnly');
    const normalized = rule === null ? null : normalizeRecurrenceRule(rule);
    const changes: ItemUpdateRow = { recurrence_rule: normalized, updated_at: at };
    if (fromCompletion !== undefined) changes.recur_from_completion = fromCompletion ? 1 : 0;
    // A new rule starts a new series: its COUNT is measured from here.
    if (normalized !== item.recurrence_rule) changes.recurrence_done = 0;
    const first =
      normalized !== null && item.target_date === null
        ? firstOccurrence(normalized, { now: at, timeZone: user.timezone })
        : null;
    if (first !== null) changes.target_date = first;
    await updateItems(trx, [itemId], changes);
    if (first === null) return;
    await onTargetDateChanged?.(trx, { itemId, userId: user.id, targetDate: first, at });
    await history.dated(trx, user.id, itemId, null, first);
  }

  /** Puts a completion's advance back: the occurrence, the count, the history row; reminders planned from now. */
  async function restoreAdvance(user: UserRow, entry: UndoEntry<RecurrenceUndo, never>): Promise<void> {
    const { itemId, at, before, done, completionId } = entry.payload;
    await runWrite(async (trx) => {
      await entry.claim(trx);
      const { item } = await editableItem(trx, access, user.id, itemId);
      if (item.updated_at !== at || !(await deleteCompletion(trx, completionId)))
        throw appErrors.conflict('undo.changedSince');
      const restoredAt = now();
      await updateItems(trx, [itemId], {
        target_date: before,
        recurrence_done: done,
        updated_at: restoredAt,
      });
      await onTargetDateRestored?.(trx, { itemId, targetDate: before, removed: [], at: restoredAt });
      await history.dated(trx, user.id, itemId, item.target_date, before, {
        from: hasTimeOf(item),
        to: hasTimeOf(item),
      });
      return { value: undefined, events: [['items.changed', { itemIds: [itemId] }]] };
    });
  }
  undo?.handle('items.recur', restoreAdvance);

  return {
    writeRecurrence,

    /**
     * Sets or clears a text item's recurrence (edit level: 403 readonly, 404 unseen). The rule
     * is read once the rights are checked: reading one looks years ahead.
     */
    async setRecurrence(user: UserRow, body: SetRecurrenceBody): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { level } = await editableItem(tx, access, user.id, body.itemId);
        const ruleError = body.rule === null ? null : recurrenceRuleError(body.rule);
        if (ruleError) throw appErrors.badRequest('error.validation', { rule: ruleError });
        await writeRecurrence(tx, user, body.itemId, body);
        return { value: level, events: [['items.changed', { itemIds: [body.itemId] }]] };
      });
      return present(user.id, body.itemId, level);
    },

    /**
     * Completes a recurring item's occurrence inside the completion's transaction, the caller's
     * rights checked there: its target date moves to the next occurrence (from the due date, or
     * from the completion), a history row is written, reminders are planned again; the item
     * stays open. Once, whoever completes it at the same time: a completion of an occurrence
     * already left (`occurrence` no longer the target date, or advanced meanwhile) answers
     * 'already', and nothing is written. Undefined when the item does not recur or its rule has
     * ended: then it completes as any other.
     */
    async advance(
      tx: Tx,
      user: UserRow,
      item: ItemRow,
      occurrence: number | undefined,
    ): Promise<{ undoId: string | undefined } | 'already' | undefined> {
      if (item.recurrence_rule === null || item.target_date === null || item.completed_at !== null)
        return undefined;
      if (occurrence !== undefined && item.target_date !== occurrence) return 'already';
      const at = now();
      const next = nextOccurrence({
        rule: item.recurrence_rule,
        due: item.target_date,
        completedAt: at,
        fromCompletion: item.recur_from_completion === 1,
        done: item.recurrence_done,
        timeZone: user.timezone,
      });
      if (next === null) return undefined;
      const from = item.target_date;
      const itemId = item.id;
      if (!(await advanceOccurrence(tx, { itemId, from, to: next, done: item.recurrence_done + 1, at })))
        return 'already';
      const completionId = newId();
      await insertCompletion(tx, {
        id: completionId,
        item_id: itemId,
        user_id: user.id,
        occurrence: from,
        completed_at: at,
      });
      await onTargetDateChanged?.(tx, { itemId, userId: user.id, targetDate: next, at });
      // The occurrence is done, and the item waits for the next one.
      await history.completion(tx, user.id, itemId, true, [itemId]);
      await history.dated(tx, user.id, itemId, from, next, { from: hasTimeOf(item), to: hasTimeOf(item) });
      return {
        undoId: await undo?.record<RecurrenceUndo, never>(tx, {
          userId: user.id,
          kind: 'items.recur',
          payload: { itemId, at, before: from, done: item.recurrence_done, completionId },
        }),
      };
    },

    /** A recurring item's completed occurrences, newest first (any level may read them). */
    async completions(user: UserRow, itemId: string): Promise<ItemCompletions> {
      await access.authorize(user.id, itemId, 'read', db);
      const rows = await completionsOf(db, itemId, HISTORY_LIMIT);
      return {
        completions: rows.map((row) => ({
          occurrence: Number(row.occurrence),
          completedAt: Number(row.completed_at),
          by: row.name ?? null,
        })),
      };
    },
  };
}

export type RecurrenceService = ReturnType<typeof createRecurrenceService>;
