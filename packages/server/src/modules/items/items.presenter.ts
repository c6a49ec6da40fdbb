import { AUTO_ARCHIVE_DURATIONS } from '@nestbox/shared/constants';
import type { AccessLevel, BoxType, Item, ItemType } from '@nestbox/shared/items/item.schema';
import type { PresentableRow } from './items.repository.js';

const durations: readonly string[] = AUTO_ARCHIVE_DURATIONS;

/** An item row and the caller's state as the API's Item. */
export function presentItem(row: PresentableRow, accessLevel: AccessLevel, subItemsIndex?: string[]): Item {
  return {
    _id: row.id,
    title: row.title,
    itemType: row.type as ItemType,
    boxType: row.box_type as BoxType,
    parentItemId: row.parent_id,
    ...(subItemsIndex ? { subItemsIndex } : {}),
    isRootBox: row.is_root_box === 1,
    completed: row.completed_at !== null,
    archivedDate: row.archived_at,
    favourited: row.favourited === 1,
    prioritizable: row.prioritizable === 1,
    priority: row.priority,
    priorityTargetDate: row.target_date,
    markedAsForToday: row.marked_for_today === 1,
    createdDate: row.created_at,
    autoArchiveAmount: row.auto_archive_amount,
    autoArchiveDuration:
      row.auto_archive_duration && durations.includes(row.auto_archive_duration)
        ? (row.auto_archive_duration as Item['autoArchiveDuration'])
        : null,
    autoArchiveTimestamp: row.auto_archive_at,
    settings: {
      autoAddToUnprioritized: row.auto_add_to_unprioritized === 1,
      showCompletedItems: row.show_completed === 1,
    },
    accessLevel,
  };
}
