import { dateInRangeOrNull } from '@nestbox/shared/dates/date-range';
import { abilitiesOf } from '@nestbox/shared/items/abilities';
import type { AccessLevel, Item } from '@nestbox/shared/items/item.schema';
import { hasTimeOf, type PresentableRow } from './items.contract.js';

/**
 * An item row and the caller's state as the API's Item, with what the caller may do with it
 * (the access policy's abilities). A stored date out of the range Nestbox can show (written
 * by an older version or a corrupt import) is presented as no date, so one bad row never
 * breaks a page, and whoever may edit the item can set it again; a date that must stay a date
 * (archived, created) shows as 1970-01-01 instead.
 */
export function presentItem(row: PresentableRow, accessLevel: AccessLevel, subItemsIndex?: string[]): Item {
  const isRootBox = row.is_root_box === 1;
  return {
    _id: row.id,
    title: row.title,
    itemType: row.type,
    boxType: row.box_type,
    parentItemId: row.parent_id,
    ...(subItemsIndex ? { subItemsIndex } : {}),
    isRootBox,
    completed: row.completed_at !== null,
    archivedDate: row.archived_at === null ? null : (dateInRangeOrNull(row.archived_at) ?? 0),
    favourited: row.favourited === 1,
    prioritizable: row.prioritizable === 1,
    priority: row.priority,
    priorityTargetDate: dateInRangeOrNull(row.target_date),
    targetHasTime: row.target_date === null ? null : hasTimeOf(row),
    recurrence: row.recurrence_rule,
    recurFromCompletion: row.recur_from_completion === 1,
    markedAsForToday: row.marked_for_today === 1,
    createdDate: dateInRangeOrNull(row.created_at) ?? 0,
    autoArchiveAmount: row.auto_archive_amount,
    autoArchiveDuration: row.auto_archive_duration,
    autoArchiveTimestamp: dateInRangeOrNull(row.auto_archive_at),
    settings: {
      autoAddToUnprioritized: row.auto_add_to_unprioritized === 1,
      showCompletedItems: row.show_completed === 1,
    },
    note: row.note ?? '',
    commentCount: row.comment_count,
    accessLevel,
    abilities: abilitiesOf(accessLevel, { isRootBox, itemType: row.type }),
  };
}
