import { useSyncExternalStore } from 'react';

/** The sections Item settings can open scrolled to (from the hover menu, or a row's key). */
export type ItemSettingsSection = 'targetDate' | 'share' | 'reminders' | 'note' | 'comments' | 'attachments';

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
/** Where the focus was when the modal opened, to give it back when it closes. */
let openedFrom: HTMLElement | null = null;
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
  if (!request && document.activeElement instanceof HTMLElement) openedFrom = document.activeElement;
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
  const back = openedFrom;
  request = null;
  openedFrom = null;
  emit();
  closed?.onClose?.();
  // The modal goes away rather than closing, so it cannot give the focus back itself: once it
  // is gone, the focus returns to where it was (a row, a button), if that is still there.
  if (back)
    requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && back.isConnected) back.focus();
    });
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
