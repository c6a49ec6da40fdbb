import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { RenameTagResponse, TagsResponse } from '@nestbox/shared/tags/tag.schema';
import { normaliseTag, renameTagIn } from '@nestbox/shared/tags/tags';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import type { Executor, UserRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import { setTextTitle } from './items.repository.js';
import { editableTaggedTexts, lockedTitles, tagCounts } from './tags.repository.js';

/**
 * Tags across boxes: the caller's list with counts (only texts they see), and renaming one in
 * every text they may edit. The tags themselves are written with each title (tags.repository).
 */
export function createTagsService({
  db,
  engine,
  events,
  now,
}: {
  db: Executor;
  engine: DbEngine;
  events: DomainEventBus;
  now: Clock;
}) {
  return {
    async list(user: UserRow): Promise<TagsResponse> {
      return { tags: await tagCounts(db, user.id) };
    },

    /**
     * Writes tag `from` as `#to` in every text carrying it that the caller may edit (owner or
     * editor; readonly and unseen texts stay as they are), each title and its tags in one
     * transaction, each title read again under a lock so that no save made meanwhile is lost;
     * `dryRun` only counts them. A rename that would make a title too long
     * changes nothing (400).
     */
    async rename(
      user: UserRow,
      { from, to, dryRun }: { from: string; to: string; dryRun: boolean },
    ): Promise<RenameTagResponse> {
      const name = normaliseTag(from);
      const written = to.trim().replace(/^#/, '');
      const changed = await db.transaction().execute(async (trx) => {
        const texts = await editableTaggedTexts(trx, user.id, name);
        if (dryRun) return texts.map((text) => text.id);
        const at = now();
        // Rewritten from the titles as they are once locked: a save that came in between stays.
        const titles = (
          await lockedTitles(
            trx,
            engine,
            texts.map((text) => text.id),
          )
        ).map((text) => ({
          id: text.id,
          title: renameTagIn(text.title, name, written),
        }));
        if (titles.some((text) => text.title.length > TEXT_TITLE_MAX_LENGTH))
          throw appErrors.badRequest('tags.rename.titleTooLong');
        for (const text of titles) await setTextTitle(trx, text.id, text.title, at);
        return titles.map((text) => text.id);
      });
      if (!dryRun && changed.length > 0) events.emit('items.changed', { itemIds: changed });
      return { count: changed.length };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
