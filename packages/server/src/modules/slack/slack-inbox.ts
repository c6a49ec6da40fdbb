import { SLACK_BOX_TITLE } from '@nestbox/shared/slack/slack.schema';
import type { Tx } from '../../db/schema.js';
import type { ItemsService } from '../items/items.service.js';
import { listSlackAccounts } from './slack.repository.js';

/**
 * The Slack box of a user: the items Slack creates on their behalf, inside the integration's
 * own transaction (so a retried delivery can never create a second one). The caller tells
 * the domain events what it created once that transaction committed.
 */
export function createSlackInbox(items: ItemsService) {
  return {
    /**
     * The inbox box of a user: one of their accounts' boxes if they may still add to it, else
     * a new "Slack" box, last in their Workspace; undefined when they have no Workspace.
     */
    async ensure(trx: Tx, userId: string): Promise<{ id: string; created: boolean } | undefined> {
      for (const account of await listSlackAccounts(trx, userId)) {
        if (account.inbox_item_id && (await items.mayAddTo(userId, account.inbox_item_id, trx)))
          return { id: account.inbox_item_id, created: false };
      }
      const root = await items.rootBoxOf(userId, trx);
      if (!root) return undefined;
      const id = await items.insertItemIn(trx, userId, {
        parentId: root.id,
        itemType: 'todoBox',
        title: SLACK_BOX_TITLE,
      });
      return { id, created: true };
    },

    /**
     * A text item at the top of the inbox box (newest first, like an inbox); undefined when the
     * box is gone, archived or no longer the user's to edit.
     */
    async addText(trx: Tx, userId: string, boxId: string, text: string): Promise<string | undefined> {
      if (!(await items.mayAddTo(userId, boxId, trx))) return undefined;
      return items.insertItemIn(trx, userId, {
        parentId: boxId,
        itemType: 'todoText',
        title: text,
        placement: 'first',
      });
    },
  };
}
