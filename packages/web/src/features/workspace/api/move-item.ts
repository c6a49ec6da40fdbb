import type { Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { itemChange } from '../../../lib/item-changes';
import { type Undoable, undoableRequest, useOfferUndo } from '../../../lib/undo';

type BeforeAfter = 'before' | 'after';

/** `PUT /api/items/move-within-pane`: reorders an item inside the box it sits in. */
export interface MoveWithinPaneBody {
  droppableItemId: string;
  draggableItemId: string;
  itemIdAdjacentToDrop: string | null;
  beforeAfter?: BeforeAfter;
}

/** `PUT /api/items/move-between-panes`: moves an item from one box into another. */
export interface MoveBetweenPanesBody {
  draggableItemId: string;
  sourceDroppableItemId: string;
  destDroppableItemId: string;
  itemIdAdjacentToDrop: string | null;
  beforeAfter?: BeforeAfter;
}

/** The answer carries the id that undoes the move. */
export function moveWithinPane(body: MoveWithinPaneBody): Promise<Undoable<Item>> {
  return undoableRequest<Item>('/api/items/move-within-pane', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** The answer carries the id that undoes the move. */
export function moveBetweenPanes(body: MoveBetweenPanesBody): Promise<Undoable<Item>> {
  return undoableRequest<Item>('/api/items/move-between-panes', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** A move as it is sent: inside one box, or from one box into another. */
export type MoveRequest = { within: MoveWithinPaneBody } | { between: MoveBetweenPanesBody };

export function sendMove(request: MoveRequest): Promise<Undoable<Item>> {
  return 'within' in request ? moveWithinPane(request.within) : moveBetweenPanes(request.between);
}

/** The item a move moves. */
export const movedItemId = (request: MoveRequest) =>
  'within' in request ? request.within.draggableItemId : request.between.draggableItemId;

/** The boxes a move takes an item from and to. */
const boxesOf = (request: MoveRequest) =>
  'within' in request
    ? [request.within.droppableItemId]
    : [request.between.sourceDroppableItemId, request.between.destDroppableItemId];

/** Asks again for the panes of the boxes a move took an item from and to. */
function refetchPanesOf(queryClient: QueryClient, request: MoveRequest): Promise<unknown> {
  return Promise.all(
    boxesOf(request).map((boxId) => queryClient.invalidateQueries({ queryKey: itemsForPaneKey(boxId) })),
  );
}

/** The request that makes a planned drop on the server. */
export function moveRequestOf(drop: Drop, plan: PlannedMove): MoveRequest {
  return drop.sourceBoxId === drop.destBoxId
    ? {
        within: {
          droppableItemId: drop.destBoxId,
          draggableItemId: plan.item._id,
          itemIdAdjacentToDrop: plan.itemIdAdjacentToDrop,
          beforeAfter: plan.beforeAfter,
        },
      }
    : {
        between: {
          draggableItemId: plan.item._id,
          sourceDroppableItemId: drop.sourceBoxId,
          destDroppableItemId: drop.destBoxId,
          itemIdAdjacentToDrop: plan.itemIdAdjacentToDrop,
          beforeAfter: plan.beforeAfter,
        },
      };
}

/** A drop as the drag-and-drop library reports it, in terms of boxes and visible positions. */
export interface Drop {
  sourceBoxId: string;
  sourceIndex: number;
  destBoxId: string;
  destIndex: number;
}

export interface PlannedMove {
  /** The item moved. */
  item: Item;
  /** The visible items of the source box after the move (the destination's when they are the same). */
  sourceItems: Item[];
  /** The visible items of the destination box after the move. */
  destItems: Item[];
  /** The visible neighbour the server places the item next to, and on which side. */
  itemIdAdjacentToDrop: string | null;
  beforeAfter: BeforeAfter | undefined;
}

/**
 * Works out a drop: the lists as they look afterwards, and the anchor the server needs (the
 * item just above the drop, 'after' it; at the top, the first item, 'before' it; in an empty
 * box no anchor, meaning last). Null when nothing moves or the index is stale.
 */
export function planMove(drop: Drop, source: readonly Item[], dest: readonly Item[]): PlannedMove | null {
  const item = source[drop.sourceIndex];
  if (!item) return null;
  const samePane = drop.sourceBoxId === drop.destBoxId;
  if (samePane && drop.sourceIndex === drop.destIndex) return null;

  const sourceItems = source.filter((_, index) => index !== drop.sourceIndex);
  const target = samePane ? [...sourceItems] : dest.filter((other) => other._id !== item._id);
  const at = Math.max(0, Math.min(drop.destIndex, target.length));
  const above = target[at - 1];
  const below = target[at];
  const moved = samePane ? item : { ...item, parentItemId: drop.destBoxId };
  target.splice(at, 0, moved);

  return {
    item,
    sourceItems: samePane ? target : sourceItems,
    destItems: target,
    itemIdAdjacentToDrop: above?._id ?? below?._id ?? null,
    beforeAfter: above ? 'after' : below ? 'before' : undefined,
  };
}

/** The box's own order of children, with the item placed as in `visible` (hidden children keep their places). */
function reorderedIndex(box: Item, visible: readonly Item[], movedId: string, leaving: boolean): string[] {
  const rest = (box.subItemsIndex ?? []).filter((id) => id !== movedId);
  if (leaving) return rest;
  const at = visible.findIndex((item) => item._id === movedId);
  const anchor = visible[at - 1] ?? visible[at + 1];
  if (!anchor) return [...rest, movedId];
  const anchorAt = rest.indexOf(anchor._id);
  if (anchorAt === -1) return [...rest, movedId];
  rest.splice(visible[at - 1] ? anchorAt + 1 : anchorAt, 0, movedId);
  return rest;
}

type Snapshot = ReadonlyArray<readonly [readonly unknown[], ItemsForPane | undefined]>;

/**
 * Puts a planned move into the panes' caches at once (the drag-and-drop library wants the new
 * order in the same tick as the drop) and answers what to put back if the server refuses.
 */
export function applyMoveToCache(queryClient: QueryClient, drop: Drop, plan: PlannedMove): Snapshot {
  const sourceKey = itemsForPaneKey(drop.sourceBoxId);
  const destKey = itemsForPaneKey(drop.destBoxId);
  const samePane = drop.sourceBoxId === drop.destBoxId;
  const snapshot: Snapshot = (samePane ? [sourceKey] : [sourceKey, destKey]).map(
    (key) => [key, queryClient.getQueryData<ItemsForPane>(key)] as const,
  );

  const update = (key: readonly unknown[], items: Item[], leaving: boolean) =>
    queryClient.setQueryData<ItemsForPane>(key, (before) =>
      before
        ? {
            item: before.item.subItemsIndex
              ? { ...before.item, subItemsIndex: reorderedIndex(before.item, items, plan.item._id, leaving) }
              : before.item,
            items,
          }
        : before,
    );
  update(destKey, plan.destItems, false);
  if (!samePane) update(sourceKey, plan.sourceItems, true);
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/**
 * Sends a move the caches already show (see {@link applyMoveToCache}); whoever planned it puts
 * its snapshot back on a refusal. Either way both panes are refetched so they agree with the
 * server. A move made offers Undo ('Item moved.'), after which both panes are asked again.
 */
export function useMoveItem() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    ...itemChange('move'),
    mutationFn: sendMove,
    onSuccess: ({ undoId }) => offerUndo(undoId, t('undo.moved')),
    onSettled: (_data, _error, request) => refetchPanesOf(queryClient, request),
  });
}
