import type { AutoArchiveDuration } from '@nestbox/shared/constants';
import type { AutoArchiveBody, Item } from '@nestbox/shared/items/item.schema';
import { add } from 'date-fns/add';
import type { UserRow } from '../../db/schema.js';
import { dueAutoArchives } from './auto-archive.repository.js';
import { archiveIfDue } from './commands/archive-item.js';
import { editableItem, type ItemWriteDeps, refuseRootBox } from './item-guards.js';
import { updateItems } from './items.repository.js';

/**
 * Items that archive themselves: the plan set on an item, and the sweep's side (what is due,
 * and archiving one item exactly once whichever instance sweeps).
 */
export function createAutoArchive({ db, runWrite, access, now, present }: ItemWriteDeps) {
  return {
    /** Sets (or with amount null, clears) the moment the item archives itself. */
    async setAutoArchive(user: UserRow, body: AutoArchiveBody): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { item, level } = await editableItem(tx, access, user.id, body.itemId);
        refuseRootBox(item);
        const at = now();
        const duration: AutoArchiveDuration | null = body.amount === null ? null : (body.duration ?? null);
        await updateItems(tx, [body.itemId], {
          auto_archive_amount: body.amount,
          auto_archive_duration: duration,
          auto_archive_at:
            body.amount === null || !duration ? null : add(at, { [duration]: body.amount }).getTime(),
          updated_at: at,
        });
        return { value: level, events: [['items.changed', { itemIds: [body.itemId] }]] };
      });
      return present(user.id, body.itemId, level, db);
    },

    /** The items whose auto-archive time has come by `at`, soonest first. */
    dueAutoArchives: (at: number) => dueAutoArchives(db, at),

    /**
     * Archives one item whose auto-archive time has come, in its own transaction, if no other
     * instance did first; answers whether this call did. The sweep tells what it archived,
     * once for all of them.
     */
    archiveIfDue: (itemId: string, at: number) =>
      db.transaction().execute((tx) => archiveIfDue(tx, { itemId, at })),
  };
}
