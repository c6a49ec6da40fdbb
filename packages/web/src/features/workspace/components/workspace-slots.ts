import type { Abilities, Item } from '@nestbox/shared/items/item.schema';
import type { PaneSearch } from '@nestbox/shared/workspace/workspace.schema';
import type { ReactNode } from 'react';

/** What a search pane is given: its place in the strip and its saved search. */
export interface SearchPaneSlotProps {
  paneId: string;
  paneIndex: number;
  savedSearch: PaneSearch;
}

/** The parts of the workspace that other features own; the route supplies them. */
export interface WorkspaceSlots {
  /** A search pane (the search feature). */
  renderSearchPane: (pane: SearchPaneSlotProps) => ReactNode;
  /** A box's Share section in Box settings (the sharing feature). */
  renderShare: (box: Item, abilities: Abilities) => ReactNode;
  /**
   * What files dropped onto a row do (the attachments feature): a hook, called once by each
   * pane, that answers what attaches them to the row's item.
   */
  useAttachFiles?: () => (item: Item, files: readonly File[]) => void;
}
