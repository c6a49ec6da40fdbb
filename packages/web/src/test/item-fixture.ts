import type { Item } from '@nestbox/shared/items/item.schema';

/** An item for unit tests: a text in 'box', owned, nothing set; `fields` override. */
export function itemFixture<T extends Item = Item>(id: string, fields: Partial<T> = {}): T {
  return {
    _id: id,
    title: id,
    itemType: 'todoText',
    boxType: 'todo',
    parentItemId: 'box',
    isRootBox: false,
    completed: false,
    archivedDate: null,
    favourited: false,
    prioritizable: false,
    priority: null,
    priorityTargetDate: null,
    targetHasTime: null,
    recurrence: null,
    recurFromCompletion: false,
    note: '',
    commentCount: 0,
    markedAsForToday: false,
    createdDate: 0,
    autoArchiveAmount: null,
    autoArchiveDuration: null,
    autoArchiveTimestamp: null,
    settings: { autoAddToUnprioritized: false, showCompletedItems: false },
    accessLevel: 'owner',
    abilities: {
      edit: true,
      archive: true,
      share: true,
      changeLevels: true,
      move: true,
      prioritize: true,
      setReminders: true,
    },
    ...fields,
  } as T;
}
