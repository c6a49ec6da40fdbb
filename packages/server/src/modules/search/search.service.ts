import type { SearchItemsBody, SearchResult } from '@nestbox/shared/items/item.schema';
import { tagOfTerm } from '@nestbox/shared/tags/tags';
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
    /** Searches titles among everything the caller can see, or within a box they can read. */
    async search(user: UserRow, body: SearchItemsBody): Promise<SearchResult[]> {
      if (body.withinBoxId) {
        const box = await items.getItem(user, body.withinBoxId);
        if (box.itemType !== 'todoBox') throw appErrors.badRequest('items.parent.notBox');
      }
      const root = body.scope === 'workspace' ? await items.rootBoxOf(user.id, db) : undefined;
      const tag = tagOfTerm(body.searchTerm);
      const rows = await searchVisibleItems(db, user.id, {
        ...(body.withinBoxId ? { withinBoxId: body.withinBoxId } : {}),
        ...(tag === undefined ? {} : { tag }),
        term: body.searchTerm.trim(),
        includeArchived: body.includeArchived,
        includeCompleted: body.includeCompleted,
        scope: body.scope,
        ...(root ? { rootBoxId: root.id } : {}),
      });
      // The parent box shows only when the caller sees it too.
      return rows.map((row) => ({
        ...presentItem(row, row.level),
        parentItemId: row.visible_parent_id,
        parentTitle: row.parent_title,
      }));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
