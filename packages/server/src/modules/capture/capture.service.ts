import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { QuickCaptureBody } from '@nestbox/shared/items/quick-capture.schema';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { PersonalChanges } from '../items/items.contract.js';
import type { ItemsService } from '../items/items.service.js';
import type { OrganizerService } from '../organizer/organizer.service.js';
import { lockedInboxOf, setInbox } from '../users/users.service.js';

/**
 * Quick capture: a text typed anywhere lands in a box in one step, dated, pinned to Today or
 * ranked as asked. Without a box it goes to the person's Inbox, a box of their own made on the
 * first capture at the top of their Workspace (and made again once it is archived or gone).
 */
export function createCaptureService({
  db,
  items,
  organizer,
  events,
}: {
  db: Executor;
  items: ItemsService;
  organizer: OrganizerService;
  events: DomainEventBus;
}) {
  /** The user's Inbox, made (and remembered) when there is none they may still add to. */
  async function inboxOf(trx: Tx, user: UserRow): Promise<{ id: string; created: boolean }> {
    const remembered = await lockedInboxOf(trx, user.id);
    if (remembered && (await items.mayAddTo(user.id, remembered, trx)))
      return { id: remembered, created: false };
    const root = await items.rootBoxOf(user.id, trx);
    if (!root) throw appErrors.notFound();
    const id = await items.insertItemIn(
      trx,
      user.id,
      {
        parentId: root.id,
        itemType: 'todoBox',
        title: translate(userLocaleOf(user.locale), 'inbox.title'),
        placement: 'first',
      },
      { showCompleted: user.default_show_completed, autoAdd: user.default_auto_add_to_unprioritized },
    );
    await setInbox(trx, user.id, id);
    return { id, created: true };
  }

  return {
    /**
     * Creates the text (at the top of the Inbox, or in the box named: last, or right after
     * `afterItemId`), and sets its target
     * date (as Item settings does, linked reminder included) and the caller's Organizer state:
     * a Today mark or `prioritize` ranks it in its group (first with `prioritize`, else last).
     * One transaction; everyone who sees the box hears of it once it committed.
     */
    async capture(user: UserRow, body: QuickCaptureBody): Promise<Item> {
      const made = body.itemId ? await items.madeBefore(user, body.itemId) : undefined;
      if (made) return made;
      const { itemId, newInbox } = await db.transaction().execute(async (trx) => {
        const inbox = body.boxId === undefined ? await inboxOf(trx, user) : undefined;
        const itemId = await items.insertItemIn(trx, user.id, {
          id: body.itemId,
          parentId: inbox?.id ?? (body.boxId as string),
          itemType: 'todoText',
          title: body.title,
          ...(inbox
            ? { placement: 'first' as const }
            : { placement: 'after' as const, anchorId: body.afterItemId }),
        });
        const personal: PersonalChanges = {};
        if (body.prioritize || body.markedAsForToday) {
          const markedAsForToday = body.markedAsForToday === true;
          personal.prioritizable = 1;
          personal.marked_for_today = markedAsForToday ? 1 : 0;
          personal.priority = await organizer.priorityAtEdgeOfGroup(
            trx,
            user,
            { markedAsForToday, targetDate: body.targetDate ?? null },
            body.prioritize ? 'top' : 'bottom',
          );
        }
        await items.writePersonalState(
          trx,
          user.id,
          itemId,
          personal,
          body.targetDate === undefined
            ? undefined
            : { targetDate: body.targetDate, hasTime: body.targetHasTime },
        );
        if (body.recurrence) await items.writeRecurrence(trx, user, itemId, body.recurrence);
        return { itemId, newInbox: inbox?.created ? inbox.id : undefined };
      });
      events.emit('items.created', { itemIds: newInbox ? [newInbox, itemId] : [itemId] });
      return items.getItem(user, itemId);
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;
