import type { Item } from '@nestbox/shared/items/item.schema';
import { memo, type ReactNode, useCallback } from 'react';
import { DraggableItem } from './draggable-item';

/** A row's content, rendered again only when its item (or whether it is being edited) changes. */
const ItemContent = memo(function ItemContent({
  item,
  editing,
  renderItem,
}: {
  item: Item;
  editing: boolean;
  renderItem: (item: Item, editing: boolean) => ReactNode;
}) {
  return renderItem(item, editing);
});

export interface ItemSlotProps {
  paneId: string;
  item: Item;
  index: number;
  disabled: boolean;
  editing: boolean;
  renderItem: (item: Item, editing: boolean) => ReactNode;
  handleLabel: string;
}

/** A draggable row; rendered again only when one of its props changes (not on every list render). */
export const ItemSlot = memo(function ItemSlot({
  paneId,
  item,
  index,
  disabled,
  editing,
  renderItem,
  handleLabel,
}: ItemSlotProps) {
  const render = useCallback(() => renderItem(item, false), [renderItem, item]);
  return (
    <DraggableItem
      paneId={paneId}
      item={item}
      index={index}
      disabled={disabled}
      render={render}
      handleLabel={handleLabel}
    >
      <ItemContent item={item} editing={editing} renderItem={renderItem} />
    </DraggableItem>
  );
});
