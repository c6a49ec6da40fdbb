import { createContext, useContext } from 'react';

/**
 * Whether an item is being dragged anywhere in the workspace. The drag-and-drop context
 * provides it; hover menus and tooltips stay quiet while it is true (SPEC §2, item hover menu).
 */
export const DragInProgressContext = createContext(false);

export function useDragInProgress(): boolean {
  return useContext(DragInProgressContext);
}
