import { DEFAULT_TOOLTIPS_ENABLED } from '@nestbox/shared/constants';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readItem, writeItem } from './local-store';

/**
 * Preferences kept on this device until the account settings arrive: whether tooltips show,
 * and how the main area lays out its panes.
 */

export const WORKSPACE_LAYOUTS = ['side-by-side', 'stacked'] as const;
export type WorkspaceLayout = (typeof WORKSPACE_LAYOUTS)[number];

export function readTooltipsEnabled(): boolean {
  const stored = readItem(STORAGE_KEYS.tooltipsEnabled);
  return stored === null ? DEFAULT_TOOLTIPS_ENABLED : stored === 'true';
}

export function saveTooltipsEnabled(enabled: boolean): void {
  writeItem(STORAGE_KEYS.tooltipsEnabled, String(enabled));
}

export function readWorkspaceLayout(): WorkspaceLayout {
  return readItem(STORAGE_KEYS.layout) === 'stacked' ? 'stacked' : 'side-by-side';
}

/** Flips between side-by-side and stacked panes. */
export function toggleWorkspaceLayout(): void {
  writeItem(STORAGE_KEYS.layout, readWorkspaceLayout() === 'stacked' ? 'side-by-side' : 'stacked');
}
