import type { Item, UpdateItemBody } from '@nestbox/shared/items/item.schema';
import type { RunWrite } from '../../db/run-write.js';
import type { Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { UndoService } from '../undo/undo.service.js';
import { checkedItem } from './item-guards.js';
import type { ItemHistory } from './item-history.js';
import type { ItemReads } from './item-reads.service.js';
import {
  hasTimeColumn,
  hasTimeOf,
  type PersonalChanges,
  type TargetDateChanged,
  type TargetDateWrite,
  type Undoable,
} from './items.contract.js';
import { findItem, updateItems } from './items.repository.js';
import type { PersonalUndo } from './items.undo.js';
import { findUserItem, upsertUserItem } from './personal-state.repository.js';

/**
 * A person's own state on items (favourite, prioritizable, priority, Today mark) and the
 * shared target date written with it: personal state needs any level, the date needs edit.
 */
export function createPersonalState({
  runWrite,
  access,
  now,
  undo,
  present,
  onTargetDateChanged,
  history,
}: {
  runWrite: RunWrite;
  access: AccessService;
  now: () => number;
  undo: UndoService | undefined;
  present: ItemReads['present'];
  onTargetDateChanged: TargetDateChanged | undefined;
  history: ItemHistory;
}) {
  /**
   * Writes a person's own state on an item and, when given, the shared target date with what
   * follows from it (their linked reminder, the item's reminders re-planned), inside the
   * caller's transaction, rights already checked. The caller tells the domain events. Answers
   * what the reminders lost with a cleared date, for an undo to give back.
   */
  async function writePersonalState(
    trx: Tx,
    userId: string,
    itemId: string,
    personal: PersonalChanges,
    date: TargetDateWrite | undefined,
    at = now(),
  ): Promise<unknown> {
    if (Object.keys(personal).length > 0) await upsertUserItem(trx, userId, itemId, personal, at);
    if (date === undefined) return undefined;
    const { targetDate } = date;
    const beforeRow = await findItem(trx, itemId);
    const before = beforeRow?.target_date ?? null;
    // A recurrence needs a date: clearing the date ends it.
    const noRule = targetDate === null ? { recurrence_rule: null } : {};
    await updateItems(trx, [itemId], {
      target_date: targetDate,
      target_has_time: hasTimeColumn(date),
      ...noRule,
      updated_at: at,
    });
    await history.dated(trx, userId, itemId, before, targetDate, {
      from: beforeRow ? hasTimeOf(beforeRow) : null,
      to: date.hasTime,
    });
    return onTargetDateChanged?.(trx, { itemId, userId, targetDate, at });
  }

  /**
   * Changes the caller's own state on an item and, when given, the shared target date (which
   * needs edit access; the rest needs any level, being personal). `rankable`: the change puts
   * the item in the Organizer, which only text items may join.
   */
  async function changePersonalState(
    user: UserRow,
    itemId: string,
    personal: PersonalChanges,
    { date, rankable }: { date: TargetDateWrite | undefined; rankable: boolean },
  ): Promise<Undoable<Item>> {
    const targetDate = date?.targetDate;
    return runWrite(async (trx) => {
      const { item: itemBefore, level } = await checkedItem(
        trx,
        access,
        user.id,
        itemId,
        targetDate !== undefined ? 'edit' : 'read',
      );
      if (rankable && itemBefore.type !== 'todoText')
        throw appErrors.badRequest('items.prioritizable.textOnly');
      const at = now();
      const rankBefore = await findUserItem(trx, user.id, itemId);
      const dateBefore = itemBefore.target_date;
      const removed = await writePersonalState(trx, user.id, itemId, personal, date, at);
      // Taking away a priority (unprioritising), or setting, clearing or moving a target date, can be undone.
      const lostRank =
        rankBefore && rankBefore.priority !== null && personal.priority === null
          ? {
              prioritizable: rankBefore.prioritizable,
              priority: rankBefore.priority,
              marked_for_today: rankBefore.marked_for_today,
            }
          : undefined;
      const changesDate =
        date !== undefined &&
        (targetDate !== dateBefore || hasTimeColumn(date) !== itemBefore.target_has_time);
      const undoId =
        undo && (lostRank || changesDate)
          ? await undo.record<PersonalUndo, never>(trx, {
              userId: user.id,
              kind: 'items.personal',
              payload: {
                itemId,
                at,
                ...(lostRank ? { rank: lostRank } : {}),
                ...(changesDate
                  ? {
                      targetDate: {
                        before: dateBefore,
                        hasTimeBefore: itemBefore.target_has_time,
                        reminders: removed ?? null,
                        rule: itemBefore.recurrence_rule,
                      },
                    }
                  : {}),
              },
            })
          : undefined;
      const changed = await present(user.id, itemId, level, trx);
      return {
        value: { value: changed, undoId },
        events: [
          ...(targetDate === undefined ? [] : [['items.changed', { itemIds: [itemId] }] as const]),
          ...(Object.keys(personal).length === 0
            ? []
            : [['item.personalChanged', { userId: user.id, item: changed }] as const]),
        ],
      };
    });
  }

  return {
    writePersonalState,
    changePersonalState,

    /** Personal state (favourite, prioritizable) needs read access; the shared target date needs edit. */
    async updateItem(user: UserRow, body: UpdateItemBody): Promise<Undoable<Item>> {
      const personal: PersonalChanges = {};
      if (body.favourited !== undefined) personal.favourited = body.favourited ? 1 : 0;
      if (body.prioritizable !== undefined) {
        personal.prioritizable = body.prioritizable ? 1 : 0;
        // Switching prioritizable off takes the item out of the Organizer.
        if (!body.prioritizable) Object.assign(personal, { priority: null, marked_for_today: 0 });
      }
      const { priorityTargetDate: targetDate, targetHasTime: hasTime } = body;
      return changePersonalState(user, body.itemId, personal, {
        date: targetDate === undefined ? undefined : { targetDate, hasTime },
        rankable: body.prioritizable === true,
      });
    },
  };
}

export type PersonalState = ReturnType<typeof createPersonalState>;
