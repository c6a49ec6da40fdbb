import type { Item } from '@nestbox/shared/items/item.schema';
import type { DragEvent } from 'react';
import { useRef } from 'react';

/** The row attribute a file drop marks while files are held over it (the pane's CSS shows it). */
export const FILE_DROP_ATTRIBUTE = 'data-file-drop';

/** Whether a drag carries files from outside the page (not text, not a row being moved). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files dropped onto an item's row in a pane: the row under them (`data-item-id`) is marked
 * while they are held there, and `attach` gets them once they are let go, for an item the
 * person may edit. Rows being moved are dnd-kit's pointer drags, not these.
 */
export function useFileDrop(
  items: readonly Item[],
  attach: ((item: Item, files: File[]) => void) | undefined,
) {
  const marked = useRef<HTMLElement | null>(null);
  const mark = (row: HTMLElement | null) => {
    if (marked.current === row) return;
    marked.current?.removeAttribute(FILE_DROP_ATTRIBUTE);
    row?.setAttribute(FILE_DROP_ATTRIBUTE, '');
    marked.current = row;
  };
  /** The row under the pointer, and its item, when files may be attached to it. */
  const targetOf = (event: DragEvent<HTMLElement>) => {
    const row = (event.target as Element).closest<HTMLElement>('[data-item-id]');
    const item = row && items.find((candidate) => candidate._id === row.dataset.itemId);
    return row && item?.abilities.edit ? { row, item } : undefined;
  };

  if (!attach) return {};
  return {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      const target = targetOf(event);
      mark(target?.row ?? null);
      if (!target) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) mark(null);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      mark(null);
      if (!carriesFiles(event)) return;
      const target = targetOf(event);
      if (!target) return;
      event.preventDefault();
      attach(target.item, Array.from(event.dataTransfer.files));
    },
  };
}
