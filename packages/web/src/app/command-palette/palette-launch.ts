/**
 * What the palette's launcher needs before the palette itself loads: its shortcut, and the
 * recent items it first shows (asked for while its code loads).
 */

/** Recent items shown with nothing typed. */
export const RECENT_LIMIT = 6;

/** Whether the keyboard is a Mac's, where shortcuts take ⌘ instead of Ctrl. */
export function isMacKeyboard(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/** The palette's own shortcut, as shown and as announced (`aria-keyshortcuts`). */
export function paletteShortcut(mac: boolean): { shown: string; aria: string } {
  return mac ? { shown: '⌘K', aria: 'Meta+K' } : { shown: 'Ctrl+K', aria: 'Control+K' };
}
