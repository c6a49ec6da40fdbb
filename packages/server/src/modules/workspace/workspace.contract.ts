import type { Item, SearchItemsBody, SearchResult } from '@nestbox/shared/items/item.schema';
import type { UserRow } from '../../db/schema.js';

/** A pane as stored: what closing the panes that show an item answers, and reopening takes back. */
export type { PaneRow } from '../../db/schema.js';

/**
 * What the workspace asks of the items module (which calls back into this one when an archive
 * closes panes): the item a pane shows, checked for the caller.
 */
export interface PaneContent {
  getItem(user: UserRow, itemId: string): Promise<Item>;
}

/** What the workspace asks of the search module: a search pane's results. */
export interface PaneSearcher {
  search(user: UserRow, body: SearchItemsBody): Promise<SearchResult[]>;
}
