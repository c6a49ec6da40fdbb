import type { Item } from '@nestbox/shared/items/item.schema';
import type { RunWrite } from '../../db/run-write.js';
import type { Db, UserRow } from '../../db/schema.js';
import type { AccessService } from '../access/access.service.js';
import { editableItem } from './item-guards.js';
import type { ItemReads } from './item-reads.service.js';
import { updateItems } from './items.repository.js';

/**
 * Items' notes: Markdown shared by everyone who sees the item, written by whoever may edit it.
 * Its length and characters are the contract's (`NoteSchema`); the note is told to the other
 * clients as any other change of the item.
 */
export function createNotes({
  db,
  runWrite,
  access,
  now,
  present,
}: {
  db: Db;
  runWrite: RunWrite;
  access: AccessService;
  now: () => number;
  present: ItemReads['present'];
}) {
  return {
    /**
     * Sets an item's note, box or text (the Workspace too): edit level (403 readonly, 404
     * unseen). A blank note removes it; any other is kept as written.
     */
    async setNote(user: UserRow, itemId: string, note: string): Promise<Item> {
      const level = await runWrite(async (tx) => {
        const { level } = await editableItem(tx, access, user.id, itemId);
        await updateItems(tx, [itemId], { note: note.trim() === '' ? null : note, updated_at: now() });
        return { value: level, events: [['items.changed', { itemIds: [itemId] }]] };
      });
      return present(user.id, itemId, level, db);
    },
  };
}
