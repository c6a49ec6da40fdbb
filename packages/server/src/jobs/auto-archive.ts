import type { DomainEventBus } from '../events/domain-events.js';
import type { ItemsService } from '../modules/items/items.service.js';
import type { ScheduledJob } from './scheduler.js';

/**
 * The auto-archive sweep (SPEC: an item archives itself within a minute of its time): archives
 * what is due, each item in its own transaction, closing its panes. An item that fails is
 * reported to `onFailed` and stays due, so the next sweep tries it again, and it never holds
 * back anyone else's. Several instances may sweep at once: each item is claimed by exactly
 * one of them. Answers the archived ids.
 */
export function createAutoArchiveSweep({
  items,
  events,
  onFailed = () => {},
}: {
  items: ItemsService;
  events?: DomainEventBus;
  onFailed?: (itemId: string, error: unknown) => void;
}) {
  return async function sweep(at: number): Promise<string[]> {
    const archived: string[] = [];
    for (const id of await items.dueAutoArchives(at)) {
      try {
        if (await items.archiveIfDue(id, at)) archived.push(id);
      } catch (error) {
        onFailed(id, error);
      }
    }
    if (archived.length > 0) events?.emit('items.changed', { itemIds: archived });
    return archived;
  };
}

/** The auto-archive job's name: what it did is the number of items it archived. */
export const AUTO_ARCHIVE_JOB = 'auto-archive';

/** The sweep as a scheduler job. */
export function autoArchiveJob(sweep: ReturnType<typeof createAutoArchiveSweep>): ScheduledJob {
  return { name: AUTO_ARCHIVE_JOB, run: async (now) => (await sweep(now)).length };
}
