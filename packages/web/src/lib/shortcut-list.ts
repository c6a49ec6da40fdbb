import type { TFunction } from 'i18next';
import type { TranslationKey } from './i18n';
import { SHORTCUT_KEYS } from './shortcuts';

export type ShortcutGroup = 'everywhere' | 'panes' | 'organizer';

/** The groups of the help, in order. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ['everywhere', 'panes', 'organizer'];

export interface Shortcut {
  /** Mantine hotkeys: pressed one after the other with `sequence`, else any one of them. */
  keys: readonly string[];
  sequence?: boolean;
  /** Where it works (a row key may work both in panes and in the Organizer). */
  groups: readonly ShortcutGroup[];
  description: TranslationKey;
}

const K = SHORTCUT_KEYS;
const ROWS: readonly ShortcutGroup[] = ['panes', 'organizer'];

/** Every shortcut of the app, with what it does: the `?` help and the command palette read it. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [K.commandPalette], groups: ['everywhere'], description: 'shortcuts.commandPalette' },
  { keys: [K.quickCapture], groups: ['everywhere'], description: 'shortcuts.quickCapture' },
  { keys: [K.undo], groups: ['everywhere'], description: 'shortcuts.undo' },
  {
    keys: [K.goTo, K.goToWorkspace],
    sequence: true,
    groups: ['everywhere'],
    description: 'shortcuts.goToWorkspace',
  },
  {
    keys: [K.goTo, K.goToOrganiser],
    sequence: true,
    groups: ['everywhere'],
    description: 'shortcuts.goToOrganiser',
  },
  {
    keys: [K.goTo, K.goToUpcoming],
    sequence: true,
    groups: ['everywhere'],
    description: 'shortcuts.goToUpcoming',
  },
  { keys: [K.help], groups: ['everywhere'], description: 'shortcuts.help' },
  { keys: [K.previous, K.next], groups: ROWS, description: 'shortcuts.selectRow' },
  { keys: [K.first, K.last], groups: ROWS, description: 'shortcuts.selectFirstLast' },
  { keys: [K.left, K.right], groups: ['panes'], description: 'shortcuts.selectPane' },
  { keys: [K.left, K.right], groups: ['organizer'], description: 'shortcuts.selectList' },
  { keys: [K.edit], groups: ['panes'], description: 'shortcuts.edit' },
  { keys: [K.edit], groups: ['organizer'], description: 'shortcuts.openItem' },
  { keys: [K.complete], groups: ROWS, description: 'shortcuts.complete' },
  { keys: [K.moveUp, K.moveDown], groups: ['panes'], description: 'shortcuts.move' },
  { keys: [K.moveUp, K.moveDown], groups: ['organizer'], description: 'shortcuts.reorder' },
  { keys: [K.openInNextPane], groups: ['panes'], description: 'shortcuts.openInNextPane' },
  { keys: [K.pinToToday], groups: ['organizer'], description: 'shortcuts.pinToToday' },
  { keys: [K.archive], groups: ROWS, description: 'shortcuts.archive' },
  { keys: [K.favourite], groups: ROWS, description: 'shortcuts.favourite' },
  { keys: [K.prioritise], groups: ['panes'], description: 'shortcuts.prioritise' },
  { keys: [K.prioritise], groups: ['organizer'], description: 'shortcuts.prioritiseInOrganiser' },
  { keys: [K.targetDate], groups: ROWS, description: 'shortcuts.targetDate' },
  { keys: [K.share], groups: ROWS, description: 'shortcuts.share' },
  { keys: [K.note], groups: ROWS, description: 'shortcuts.note' },
  { keys: [K.clearSelection], groups: ROWS, description: 'shortcuts.clearSelection' },
];

const NAMED_KEYS: Record<string, string> = {
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
};

const TRANSLATED_KEYS: Record<string, TranslationKey> = {
  enter: 'shortcuts.key.enter',
  delete: 'shortcuts.key.delete',
  escape: 'shortcuts.key.escape',
  home: 'shortcuts.key.home',
  end: 'shortcuts.key.end',
};

/**
 * The keys of one hotkey as a person reads them on their keyboard, one label per key to
 * press together: `mod+Enter` is Ctrl and Enter (Cmd on a Mac), `alt+ArrowUp` Alt and ↑
 * (Option on a Mac). The Shift of a symbol (`?`) is left out: where the symbol is, is the
 * keyboard's business.
 */
export function hotkeyLabels(hotkey: string, { apple, t }: { apple: boolean; t: TFunction }): string[] {
  const parts = hotkey.split('+').map((part) => part.trim());
  const key = parts.at(-1) ?? '';
  const symbol = key.length === 1 && !/[a-z0-9]/i.test(key);
  const labels: string[] = [];
  for (const modifier of parts.slice(0, -1).map((part) => part.toLowerCase())) {
    if (modifier === 'mod') labels.push(apple ? 'Cmd' : 'Ctrl');
    else if (modifier === 'ctrl') labels.push('Ctrl');
    else if (modifier === 'alt') labels.push(apple ? 'Option' : 'Alt');
    else if (modifier === 'shift' && !symbol) labels.push('Shift');
  }
  const lower = key.toLowerCase();
  const translated = TRANSLATED_KEYS[lower];
  labels.push(NAMED_KEYS[lower] ?? (translated ? t(translated) : key.toUpperCase()));
  return labels;
}
