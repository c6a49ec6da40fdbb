import { getHotkeyHandler, type HotkeyItem } from '@mantine/hooks';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useSyncExternalStore } from 'react';
import { useUser } from './api/get-user';

/**
 * The key of every shortcut, as a Mantine hotkey (`mod` is Ctrl, or Cmd on a Mac). The
 * handlers bind these, and the list of shortcuts (shortcut-list.ts) shows them: a key is
 * named once.
 */
export const SHORTCUT_KEYS = {
  commandPalette: 'mod+K',
  quickCapture: 'Q',
  undo: 'mod+Z',
  goTo: 'G',
  goToWorkspace: 'W',
  goToOrganiser: 'O',
  goToUpcoming: 'U',
  /** Matched by the key it types, whatever the keyboard needs for it (Shift on most). */
  help: '?',
  previous: 'ArrowUp',
  next: 'ArrowDown',
  first: 'Home',
  last: 'End',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  edit: 'Enter',
  complete: 'mod+Enter',
  moveUp: 'alt+ArrowUp',
  moveDown: 'alt+ArrowDown',
  openInNextPane: 'alt+ArrowRight',
  archive: 'Delete',
  /** The Mac's delete key sends Backspace: it archives too (and is labelled Delete there). */
  archiveOnMac: 'Backspace',
  favourite: 'F',
  prioritise: 'P',
  targetDate: 'T',
  share: 'S',
  note: 'N',
  pinToToday: 'mod+T',
  clearSelection: 'Escape',
} as const;

/**
 * Whether the app answers its keyboard shortcuts: the person's 'Keyboard shortcuts'
 * Customization (on unless they turned it off). Every shortcut asks here, so one switch
 * stops them all.
 */
export function useShortcutsEnabled(): boolean {
  return useUser().customizations.shortcutsEnabled;
}

/** What the typing guard needs to know about the element a key was pressed in. */
export interface KeyTarget {
  tagName: string;
  /** An input's type. */
  type?: string;
  isContentEditable: boolean;
  /** The element is, or is inside, an open combobox or a list of choices (arrows and letters pick there). */
  choosing: boolean;
}

/** Inputs that take no typing: a key pressed on them may be a shortcut. */
const NOT_TYPED_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'file',
  'color',
]);

/**
 * Is the person typing (or choosing in an open list)? Then no shortcut fires: the keys belong
 * to the field. Text fields of any kind, text areas, selects, editable content, and open
 * comboboxes, listboxes and menus count; a checkbox or a button does not.
 */
export function isTyping({ tagName, type, isContentEditable, choosing }: KeyTarget): boolean {
  const tag = tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || isContentEditable || choosing) return true;
  return tag === 'INPUT' && !NOT_TYPED_INPUTS.has((type ?? 'text').toLowerCase());
}

const CHOOSING = '[role="combobox"][aria-expanded="true"], [role="listbox"], [role="menu"]';

/** The typing guard for a key event's target (see {@link isTyping}). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return isTyping({
    tagName: target.tagName,
    type: target instanceof HTMLInputElement ? target.type : undefined,
    isContentEditable: target.isContentEditable,
    choosing: target.closest(CHOOSING) !== null,
  });
}

/** The most time between the two keys of a sequence (G then W). */
export const SEQUENCE_TIMEOUT_MS = 1_500;

/**
 * Recognises two-key sequences (G then W): feed it every key pressed, with when; it answers
 * the name of the sequence the key completes, or null. The second key must come next and
 * within `timeoutMs` of the first; any other key starts again.
 */
export function createKeySequences<Name extends string>(
  sequences: Record<Name, readonly [string, string]>,
  timeoutMs = SEQUENCE_TIMEOUT_MS,
): (key: string, at: number) => Name | null {
  const entries = (Object.entries(sequences) as [Name, readonly [string, string]][]).map(
    ([name, [first, second]]) => [name, first.toLowerCase(), second.toLowerCase()] as const,
  );
  const starts = new Set(entries.map(([, first]) => first));
  let pending: { key: string; at: number } | null = null;
  return (key, at) => {
    const pressed = key.toLowerCase();
    const before = pending;
    pending = null;
    if (before && at - before.at <= timeoutMs) {
      const match = entries.find(([, first, second]) => first === before.key && second === pressed);
      if (match) return match[0];
    }
    if (starts.has(pressed)) pending = { key: pressed, at };
    return null;
  };
}

/**
 * A keydown handler for one element's shortcuts (Mantine hotkeys, e.g. `alt+ArrowUp`): a
 * matching key runs its handler and its default is prevented; nothing fires while typing.
 */
export function handleShortcutKeys(
  event: ReactKeyboardEvent<HTMLElement> | KeyboardEvent,
  bindings: HotkeyItem[],
): void {
  if (event.defaultPrevented || isTypingTarget(event.target)) return;
  getHotkeyHandler(bindings)(event);
}

/** Whether this is an Apple device, where `mod` is Cmd rather than Ctrl. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** The 'Keyboard shortcuts' dialog: open or not, app-wide (the `?` key and the header open it). */
let helpOpen = false;
const helpListeners = new Set<() => void>();
const setHelpOpen = (open: boolean) => {
  if (helpOpen === open) return;
  helpOpen = open;
  for (const listener of helpListeners) listener();
};

export const openShortcutsHelp = () => setHelpOpen(true);
export const closeShortcutsHelp = () => setHelpOpen(false);

/** Whether the 'Keyboard shortcuts' dialog is open. */
export function useShortcutsHelpOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      helpListeners.add(listener);
      return () => helpListeners.delete(listener);
    },
    () => helpOpen,
    () => false,
  );
}
