import { useSyncExternalStore } from 'react';

/** The sections Item settings can open scrolled to (from the hover menu, or a row's key). */
export type ItemSettingsSection = 'targetDate' | 'share' | 'reminders';

export interface ItemSettingsRequest {
  itemId: string;
  scrollTo?: ItemSettingsSection;
  /** Also put the focus on the section's first control (opened from the keyboard). */
  focus?: boolean;
  /** Called once the modal closes (the opener may show what was changed there). */
  onClose?: () => void;
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

/**
 * Opens Item settings for an item, optionally scrolled to a section, and with `focus` the
 * focus on that section's first control; `onClose` runs once it closes.
 */
export function openItemSettings(
  itemId: string,
  scrollTo?: ItemSettingsSection,
  { focus = false, onClose }: Pick<ItemSettingsRequest, 'focus' | 'onClose'> = {},
): void {
  request = {
    itemId,
    ...(scrollTo ? { scrollTo } : {}),
    ...(focus ? { focus } : {}),
    ...(onClose ? { onClose } : {}),
  };
  emit();
}

export function closeItemSettings(): void {
  const closed = request;
  request = null;
  emit();
  closed?.onClose?.();
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
