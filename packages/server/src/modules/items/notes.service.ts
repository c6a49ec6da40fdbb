import type { Item } from '@nestbox/shared/items/item.schema';
import type { UserRow } from '../../db/schema.js';
import { editableItem, type ItemWriteDeps } from './item-guards.js';
import { updateItems } from './items.repository.js';

/**
 * Items' notes: Markdown shared by everyone who sees the item, written by whoever may edit it.
 * Its length and characters are the contract's (`NoteSchema`); the note is told to the other
 * clients as any other change of the item.
 */
export function createNotes({ db, runWrite, access, now, present }: ItemWriteDeps) {
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
