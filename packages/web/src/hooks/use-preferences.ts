import { useSyncExternalStore } from 'react';
import { subscribeToStorage } from '../lib/local-store';
import { readTooltipsEnabled, readWorkspaceLayout, type WorkspaceLayout } from '../lib/preferences';

/** Whether tooltips show; follows changes made anywhere (another tab included). */
export function useTooltipsEnabled(): boolean {
  return useSyncExternalStore(subscribeToStorage, readTooltipsEnabled, readTooltipsEnabled);
}

/** The current pane layout flag. */
export function useWorkspaceLayout(): WorkspaceLayout {
  return useSyncExternalStore(subscribeToStorage, readWorkspaceLayout, readWorkspaceLayout);
}
