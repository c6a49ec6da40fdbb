import type { SearchItemsBody, SearchResult } from '@nestbox/shared/items/item.schema';
import { foldForSearch, holdsWord, parseSearchQuery } from '@nestbox/shared/search/search-query';
import type { Db, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { type ItemsService, presentItem } from '../items/items.service.js';
import { searchVisibleItems } from './search.repository.js';

/**
 * Search panes and the search route: titles (or a `#tag`) among everything the caller sees,
 * in a scope (SPEC §1 search scopes and toggles). The finder (find.service) is the palette's
 * other way in; tags are listed by the items module, which writes them with each text.
 */
export function createSearchService({ db, items }: { db: Db; items: ItemsService }) {
  return {
    /**
     * Searches titles and notes among everything the caller can see, or within a box they can
     * read: every word and phrase of the query, and every `#tag` (see `parseSearchQuery`).
     */
    async search(user: UserRow, body: SearchItemsBody): Promise<SearchResult[]> {
      if (body.withinBoxId) {
        const box = await items.getItem(user, body.withinBoxId);
        if (box.itemType !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
      }
      const root = body.scope === 'workspace' ? await items.rootBoxOf(user.id, db) : undefined;
      const { words, tags } = parseSearchQuery(body.searchTerm);
      const rows = await searchVisibleItems(db, user.id, {
        ...(body.withinBoxId ? { withinBoxId: body.withinBoxId } : {}),
        words,
        tags,
        includeArchived: body.includeArchived,
        includeCompleted: body.includeCompleted,
        scope: body.scope,
        ...(root ? { rootBoxId: root.id } : {}),
      });
      // The parent box shows only when the caller sees it too. A word the title lacks was
      // found in the note: the row says so, to show why it matched.
      return rows.map((row) => {
        const title = foldForSearch(row.title);
        return {
          ...presentItem(row, row.level),
          parentItemId: row.visible_parent_id,
          parentTitle: row.parent_title,
          foundInNote: words.some((word) => !holdsWord(title, word)),
        };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
