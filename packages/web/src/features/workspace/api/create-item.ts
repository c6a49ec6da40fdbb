import { abilitiesOf } from '@nestbox/shared/items/abilities';
import { joinsUnprioritized } from '@nestbox/shared/items/auto-add';
import type { CreateItemBody, Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { paneWithItem, paneWithoutItem, paneWithPage } from '../../../lib/api/items/pane-contents';
import { apiRequest } from '../../../lib/api-client';
import { ITEM_CHANGE_ROOT_KEY, itemChange } from '../../../lib/item-changes';

/** `POST /api/items/create-item` (201): a new box or text inside a box, last or next to an item. */
export function createItem(body: CreateItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/create-item', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/**
 * A new item shown in its box's pane straight away, where the server put it (so it can be
 * edited at once), before or after its anchor, else last; then that pane is refetched.
 */
export async function showCreatedInPane(
  queryClient: QueryClient,
  item: Item,
  { boxId, anchorId, side }: { boxId: string; anchorId: string | undefined; side: 'before' | 'after' },
): Promise<void> {
  const key = itemsForPaneKey(boxId);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<ItemsForPane>(key, (pane) =>
    pane ? paneWithItem(pane, item, { anchorId, side }) : pane,
  );
  void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * A text not yet on the server, as its box's pane shows it meanwhile, by the server's own
 * rules: the box's level and the abilities that level gives (abilitiesOf), in the creator's
 * Unprioritized list when the box adds new texts there (joinsUnprioritized), nothing else set.
 */
export function provisionalText(
  box: Item,
  {
    itemId,
    title,
    targetDate = null,
    targetHasTime = null,
  }: { itemId: string; title: string; targetDate?: number | null; targetHasTime?: boolean | null },
): Item {
  return {
    _id: itemId,
    title,
    itemType: 'todoText',
    boxType: box.boxType,
    parentItemId: box._id,
    isRootBox: false,
    completed: false,
    archivedDate: null,
    favourited: false,
    prioritizable: joinsUnprioritized('todoText', {
      boxType: box.boxType,
      autoAddToUnprioritized: box.settings.autoAddToUnprioritized,
    }),
    priority: null,
    priorityTargetDate: targetDate,
    targetHasTime: targetDate === null ? null : targetHasTime,
    recurrence: null,
    recurFromCompletion: false,
    note: '',
    commentCount: 0,
    markedAsForToday: false,
    createdDate: Date.now(),
    autoArchiveAmount: null,
    autoArchiveDuration: null,
    autoArchiveTimestamp: null,
    settings: { autoAddToUnprioritized: false, showCompletedItems: false },
    accessLevel: box.accessLevel,
    abilities: abilitiesOf(box.accessLevel, { isRootBox: false, itemType: 'todoText' }),
  };
}

/**
 * Shows a text created with its own id (see newItemId) in its box's pane at once, before the
 * server has it: offline it stays there, and later changes can act on it, until the creation
 * is sent. Answers whether the pane was there to show it.
 */
export function showProvisionalText(
  queryClient: QueryClient,
  text: { itemId: string; title: string; targetDate?: number | null; targetHasTime?: boolean | null },
  { boxId, anchorId }: { boxId: string; anchorId: string | undefined },
): boolean {
  const key = itemsForPaneKey(boxId);
  const before = queryClient.getQueryData<ItemsForPane>(key);
  if (!before) return false;
  void queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<ItemsForPane>(
    key,
    paneWithItem(before, provisionalText(before.item, text), { anchorId, side: 'after' }),
  );
  return true;
}

/** A provisional text the server refused leaves its pane (what happened around it stays). */
export function dropProvisionalText(queryClient: QueryClient, itemId: string, boxId: string): void {
  queryClient.setQueryData<ItemsForPane>(itemsForPaneKey(boxId), (pane) =>
    pane ? paneWithoutItem(pane, itemId) : pane,
  );
}

/**
 * The server's item in place of its provisional row (wherever later changes put it), then a
 * refetch of the pane, unless more item changes are on their way: the server does not have
 * them yet, so a refetch would take their rows away until they arrive.
 */
export async function showCreatedItem(queryClient: QueryClient, item: Item, boxId: string): Promise<void> {
  const key = itemsForPaneKey(boxId);
  queryClient.setQueryData<ItemsForPane>(key, (pane) => (pane ? paneWithPage(pane, [item]) : pane));
  // This creation counts itself until it settles.
  if (queryClient.isMutating({ mutationKey: ITEM_CHANGE_ROOT_KEY }) > 1) return;
  await queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Creates an item. A text with its own id shows in its box's pane at once (and leaves it if the
 * server refuses); anything else shows once the server answers. Then that pane is refetched.
 */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    ...itemChange('create'),
    mutationFn: createItem,
    onMutate: (body) => ({
      provisional:
        body.itemId !== undefined &&
        body.itemType === 'todoText' &&
        showProvisionalText(
          queryClient,
          { itemId: body.itemId, title: body.title ?? '' },
          { boxId: body.parentItemId, anchorId: body.relativeToItemId },
        ),
    }),
    onSuccess: (item, body, context) =>
      context?.provisional
        ? showCreatedItem(queryClient, item, body.parentItemId)
        : showCreatedInPane(queryClient, item, {
            boxId: body.parentItemId,
            anchorId: body.relativeToItemId,
            side: body.beforeAfterReplace === 'before' ? 'before' : 'after',
          }),
    onError: (_error, body, context) => {
      if (context?.provisional && body.itemId)
        dropProvisionalText(queryClient, body.itemId, body.parentItemId);
    },
  });
}
