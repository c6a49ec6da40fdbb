import { normalizeRecurrenceRule, recurrenceRuleError } from '@nestbox/shared/recurrence/recurrence-rule';
import type { ItemRow, ItemUpdateRow, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { completeItem } from './commands/complete-item.js';
import { insertNewItem } from './commands/insert-item.js';
import { editableItem, type ItemWriteDeps } from './item-guards.js';
import type { ItemHistory } from './item-history.js';
import { hasTimeColumn } from './items.contract.js';
import { findItem, setTextTitle, updateItems } from './items.repository.js';
import type { PersonalState } from './personal-state.service.js';
import type { RecurrenceService } from './recurrence.service.js';

/** A text's shared fields, as a client that holds them all at once sends them; undefined: unchanged. */
export interface TextFields {
  title?: string | undefined;
  /** Markdown; null or blank: none. */
  note?: string | null | undefined;
  targetDate?: number | null | undefined;
  /** With `targetDate`: whether it carries a time of day (a DATE-TIME) or is a day alone (a DATE). */
  targetHasTime?: boolean | undefined;
  /** An RFC 5545 RRULE (no DTSTART), or null: none. */
  recurrence?: string | null | undefined;
  completed?: boolean | undefined;
  /** When it was completed, as the client says (never later than now); now when not said. */
  completedAt?: number | undefined;
}

/** Where `saveTextFields` writes: a new text in a box (the id when the client chose one), or one that is there. */
export type TextTarget = { create: { boxId: string; id?: string | undefined } } | { itemId: string };

/**
 * Writes every field of a text at once, in one transaction: for clients that send a whole
 * text each time (a CalDAV app), where one field written and the next refused must not be.
 * Each field goes through the rule that owns it: the title's tags, a target date's reminders,
 * a rule checked and started, and a completion that moves a recurring text on to its next
 * occurrence as completing it anywhere else does. `alongside` writes more in the same
 * transaction (what the client said of the text that Nestbox does not model). Answers the
 * text's id; clients that send whole texts read them back as they read everything.
 */
export function createTextFields({
  runWrite,
  access,
  now,
  personal,
  recurrence,
  history,
}: Pick<ItemWriteDeps, 'runWrite' | 'access' | 'now'> & {
  personal: Pick<PersonalState, 'writePersonalState'>;
  recurrence: Pick<RecurrenceService, 'writeRecurrence' | 'advance'>;
  history: ItemHistory;
}) {
  return {
    async saveTextFields(
      user: UserRow,
      target: TextTarget,
      fields: TextFields,
      alongside?: (tx: Tx, itemId: string) => Promise<void>,
    ): Promise<string> {
      const ruleError =
        fields.recurrence === undefined || fields.recurrence === null
          ? null
          : recurrenceRuleError(fields.recurrence);
      if (ruleError) throw appErrors.badRequest('error.validation', { rule: ruleError });
      return runWrite(async (tx) => {
        const at = now();
        const { itemId, item } =
          'create' in target
            ? await created(tx, user, target.create, fields.title ?? '', at)
            : await existing(tx, user, target.itemId);
        const changes: ItemUpdateRow = { updated_at: at };
        if (fields.title !== undefined && fields.title !== item.title) {
          await setTextTitle(tx, itemId, fields.title, at);
          await history.renamed(tx, user.id, itemId, item.title, fields.title);
        }
        const note = fields.note?.trim() ? fields.note : null;
        if (fields.note !== undefined && note !== item.note) changes.note = note;
        const date =
          fields.targetDate === undefined
            ? undefined
            : { targetDate: fields.targetDate, hasTime: fields.targetHasTime };
        const datesWritten =
          date !== undefined &&
          (date.targetDate !== item.target_date || hasTimeColumn(date) !== item.target_has_time);
        if (datesWritten) await personal.writePersonalState(tx, user.id, itemId, {}, date, at);
        if (fields.recurrence !== undefined) {
          const rule = fields.recurrence === null ? null : normalizeRecurrenceRule(fields.recurrence);
          // Clearing the date ended the rule.
          const current = datesWritten && date.targetDate === null ? null : item.recurrence_rule;
          if (rule !== current) await recurrence.writeRecurrence(tx, user, itemId, { rule }, at);
        }
        if (fields.completed !== undefined && fields.completed !== (item.completed_at !== null)) {
          const current = await findItem(tx, itemId);
          if (!current) throw appErrors.notFound();
          // A recurring text completed moves on to its next occurrence and stays open.
          const advanced = fields.completed
            ? await recurrence.advance(tx, user, current, undefined)
            : undefined;
          if (advanced === undefined) {
            const { changed } = await completeItem(tx, {
              item: current,
              completed: fields.completed,
              at: Math.min(fields.completedAt ?? at, at),
            });
            await history.completion(tx, user.id, itemId, fields.completed, changed);
          }
        }
        // The text changed as a whole, even when only what `alongside` keeps did.
        await updateItems(tx, [itemId], changes);
        await alongside?.(tx, itemId);
        return {
          value: itemId,
          events: [
            'create' in target
              ? ['items.created', { itemIds: [itemId] }]
              : ['items.changed', { itemIds: [itemId] }],
          ],
        };
      });
    },
  };

  /** A new text in a box the user may edit, as it is once inserted. */
  async function created(
    tx: Tx,
    user: UserRow,
    { boxId, id }: { boxId: string; id?: string | undefined },
    title: string,
    at: number,
  ): Promise<{ itemId: string; item: TextState }> {
    const itemId = await insertNewItem(tx, access, {
      userId: user.id,
      item: { id, parentId: boxId, itemType: 'todoText', title },
      boxDefaults: {
        showCompleted: user.default_show_completed,
        autoAdd: user.default_auto_add_to_unprioritized,
      },
      at,
    });
    await history.created(tx, user.id, itemId);
    return {
      itemId,
      item: {
        title,
        note: null,
        target_date: null,
        target_has_time: null,
        recurrence_rule: null,
        completed_at: null,
      },
    };
  }

  /** A text the user may edit; 404 unseen, 403 read-only, 400 a box. */
  async function existing(
    tx: Tx,
    user: UserRow,
    itemId: string,
  ): Promise<{ itemId: string; item: TextState }> {
    const { item } = await editableItem(tx, access, user.id, itemId);
    if (item.type !== 'todoText')
      throw appErrors.badRequest('error.validation', { itemId: 'validation.invalidValue' });
    return { itemId, item };
  }
}

/** What `saveTextFields` compares a client's fields with. */
type TextState = Pick<
  ItemRow,
  'title' | 'note' | 'target_date' | 'target_has_time' | 'recurrence_rule' | 'completed_at'
>;
