import { useSyncExternalStore } from 'react';

/** The sections Item settings can open scrolled to (from the hover menu). */
export type ItemSettingsSection = 'targetDate' | 'share' | 'reminders';

export interface ItemSettingsRequest {
  itemId: string;
  scrollTo?: ItemSettingsSection;
}

/**
 * Which item's settings are open, app-wide: one modal (ItemSettingsHost) serves every
 * opener, so it stays open when the row that opened it goes away (archived, moved).
 */
let request: ItemSettingsRequest | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Opens Item settings for an item, optionally scrolled to a section. */
export function openItemSettings(itemId: string, scrollTo?: ItemSettingsSection): void {
  request = scrollTo ? { itemId, scrollTo } : { itemId };
  emit();
}

export function closeItemSettings(): void {
  request = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The item whose settings are open, if any. */
export function useItemSettingsRequest(): ItemSettingsRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => request,
    () => null,
  );
}
