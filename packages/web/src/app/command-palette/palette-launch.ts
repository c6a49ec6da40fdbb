/**
 * What the palette's launcher needs before the palette itself loads: its shortcut, and the
 * recent items it first shows (asked for while its code loads).
 */

/** Recent items shown with nothing typed. */
export const RECENT_LIMIT = 6;

/** The palette's own shortcut, as shown and as announced (`aria-keyshortcuts`). */
export function paletteShortcut(mac: boolean): { shown: string; aria: string } {
  return mac ? { shown: '⌘K', aria: 'Meta+K' } : { shown: 'Ctrl+K', aria: 'Control+K' };
}
