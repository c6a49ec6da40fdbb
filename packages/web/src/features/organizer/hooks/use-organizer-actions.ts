import { REINDEX_FLAG_CLEAR_MS, UNPRIORITIZED_DROPPABLE_ID } from '@nestbox/shared/constants';
import type { TargetDateChange } from '@nestbox/shared/dates/show-date';
import type { OrganizerItem, UpdatePriorityBody } from '@nestbox/shared/organizer/organizer.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { indexAfterDrop } from '../../../components/dnd/drop-gaps';
import type { DropEvent } from '../../../components/dnd/pointer-dnd';
import { notify } from '../../../lib/notify';
import { organizerKey } from '../api/get-organizer';
import { reindexPriorities } from '../api/reindex-priorities';
import { useUpdatePriority } from '../api/update-priority';
import { dropIntoPrioritized, type PrioritizedRow, rankAtEndOfGroup } from '../organizer-rows';

interface Context {
  items: readonly OrganizerItem[];
  rows: readonly PrioritizedRow[];
  now: number;
  timeZone: string;
}

/**
 * What the Organizer does: drops (into, out of and within the Prioritized list) and their
 * keyboard twins (P, Alt+↑, Alt+↓), pinning to Today and target dates. Each change shows at once and is saved; when the shared rule says
 * the priorities are too close, a full reindex follows, 'Re-indexing items...' shows, the
 * items are refetched and the flag clears after 2 s (SPEC §4).
 */
export function useOrganizerActions({ items, rows, now, timeZone }: Context) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { mutateAsync: savePriority } = useUpdatePriority();
  // The latest mutation and texts, read through a ref so that the row handlers stay stable
  // (rows are memoised; a new handler would draw every visible row again).
  const latest = useRef({ savePriority, queryClient, t });
  latest.current = { savePriority, queryClient, t };
  const [reindexing, setReindexing] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const save = useCallback(async (body: UpdatePriorityBody, needsReindex = false) => {
    const { savePriority, queryClient, t } = latest.current;
    try {
      await savePriority(body);
    } catch {
      return; // rolled back and notified by the mutation
    }
    if (!needsReindex) return;
    setReindexing(true);
    try {
      await reindexPriorities();
    } catch {
      notify({ type: 'error', message: t('error.generic') });
    }
    await queryClient.invalidateQueries({ queryKey: organizerKey });
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setReindexing(false), REINDEX_FLAG_CLEAR_MS);
  }, []);

  const handleDrop = useCallback(
    ({ source, target, active }: DropEvent) => {
      const sameList = source.listId === target.listId;
      const index = indexAfterDrop(target.gap, sameList ? source.index : null);
      if (sameList && source.index === index) return;
      const item = items.find((candidate) => candidate._id === active.id);
      if (!item) return;
      if (target.listId === UNPRIORITIZED_DROPPABLE_ID) {
        // The Unprioritized list keeps its chosen order: only a drop from the other list counts.
        if (!sameList) void save({ itemId: item._id, priority: null, markedAsForToday: false });
        return;
      }
      const { body, needsReindex } = dropIntoPrioritized(rows, item, index, now, timeZone);
      void save(body, needsReindex);
    },
    [items, rows, now, timeZone, save],
  );

  const togglePin = useCallback(
    (item: OrganizerItem) =>
      void save({ itemId: item._id, priority: item.priority, markedAsForToday: !item.markedAsForToday }),
    [save],
  );

  const setTargetDate = useCallback(
    (item: OrganizerItem, date: TargetDateChange) =>
      void save({
        itemId: item._id,
        priority: item.priority,
        ...(date ?? { priorityTargetDate: null }),
      }),
    [save],
  );

  /**
   * Alt+↑ / Alt+↓: one place up or down the Prioritized list, as a drop there would; past the
   * edge of its group the item joins the next group (Today's mark or that day's date with it).
   */
  const moveBy = useCallback(
    (item: OrganizerItem, by: -1 | 1) => {
      const at = rows.findIndex((row) => row.id === item._id);
      // Counted among the rows without the item: above the Today marker, or past the last row, it stays.
      const index = at + by;
      if (at < 0 || index < 1 || index >= rows.length) return;
      const { body, needsReindex } = dropIntoPrioritized(rows, item, index, now, timeZone);
      void save(body, needsReindex);
    },
    [rows, now, timeZone, save],
  );

  /** Ctrl+T: pinned to Today or unpinned; an item without a priority joins the end of Today. */
  const pinToToday = useCallback(
    (item: OrganizerItem) => {
      if (item.priority !== null) return togglePin(item);
      const endOfToday = rows.findIndex((row, index) => index > 0 && row.kind === 'group');
      const { body, needsReindex } = dropIntoPrioritized(
        rows,
        item,
        endOfToday === -1 ? rows.length : endOfToday,
        now,
        timeZone,
      );
      void save(body, needsReindex);
    },
    [rows, now, timeZone, save, togglePin],
  );

  /** P on an Unprioritized row: into the Prioritized list, at the end of its group. */
  const prioritise = useCallback(
    (item: OrganizerItem) => {
      if (item.priority !== null) return;
      const { body, needsReindex } = rankAtEndOfGroup(rows, item, now, timeZone);
      void save(body, needsReindex);
    },
    [rows, now, timeZone, save],
  );

  return { reindexing, handleDrop, togglePin, setTargetDate, moveBy, pinToToday, prioritise };
}
