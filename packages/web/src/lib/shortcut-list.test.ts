import { getHotkeyHandler } from '@mantine/hooks';
import { uiEnGb } from '@nestbox/shared/i18n/ui.en-gb';
import { uiFr } from '@nestbox/shared/i18n/ui.fr';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { hotkeyLabels, SHORTCUT_GROUPS, SHORTCUTS } from './shortcut-list';
import { SHORTCUT_KEYS } from './shortcuts';

type Modifier = 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey';

const translate = (catalogue: Record<string, string>) =>
  ((key: string) => catalogue[key] ?? key) as TFunction;
const en = translate(uiEnGb);
const fr = translate(uiFr);

describe('the shortcut list', () => {
  it('names keys as hotkeys that match what a person presses, and nothing more', () => {
    const press = (hotkey: string, key: string, modifiers: Partial<Record<Modifier, boolean>> = {}) => {
      let matched = false;
      getHotkeyHandler([[hotkey, () => (matched = true)]])({
        key,
        code: '',
        altKey: false,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        ...modifiers,
        preventDefault: () => {},
      } as unknown as KeyboardEvent);
      return matched;
    };
    expect(press(SHORTCUT_KEYS.pinToToday, 't', { ctrlKey: true })).toBe(true);
    expect(press(SHORTCUT_KEYS.pinToToday, 't', { metaKey: true })).toBe(true);
    expect(press(SHORTCUT_KEYS.pinToToday, 't')).toBe(false);
    expect(press(SHORTCUT_KEYS.targetDate, 't')).toBe(true);
    expect(press(SHORTCUT_KEYS.targetDate, 'T')).toBe(true);
    expect(press(SHORTCUT_KEYS.targetDate, 't', { ctrlKey: true })).toBe(false);
    expect(press(SHORTCUT_KEYS.complete, 'Enter', { ctrlKey: true })).toBe(true);
    expect(press(SHORTCUT_KEYS.edit, 'Enter', { ctrlKey: true })).toBe(false);
    expect(press(SHORTCUT_KEYS.moveUp, 'ArrowUp', { altKey: true })).toBe(true);
    expect(press(SHORTCUT_KEYS.previous, 'ArrowUp', { altKey: true })).toBe(false);
    expect(press(SHORTCUT_KEYS.archive, 'Delete')).toBe(true);
    expect(press(SHORTCUT_KEYS.archiveOnMac, 'Backspace')).toBe(true);
    expect(press(SHORTCUT_KEYS.first, 'Home')).toBe(true);
    expect(press(SHORTCUT_KEYS.last, 'End')).toBe(true);
    expect(press(SHORTCUT_KEYS.last, 'End', { altKey: true })).toBe(false);
  });

  it('lists only named keys, each entry in a group of the help, with a description in both languages', () => {
    const named = new Set<string>(Object.values(SHORTCUT_KEYS));
    for (const shortcut of SHORTCUTS) {
      for (const key of shortcut.keys) expect(named.has(key), key).toBe(true);
      expect(shortcut.groups.length).toBeGreaterThan(0);
      for (const group of shortcut.groups) expect(SHORTCUT_GROUPS).toContain(group);
      expect(uiEnGb).toHaveProperty([shortcut.description]);
      expect(uiFr).toHaveProperty([shortcut.description]);
    }
  });

  it('includes the shortcuts others build: the palette, quick capture and undo', () => {
    const keysOf = (description: string) =>
      SHORTCUTS.find((entry) => entry.description === description)?.keys;
    expect(keysOf('shortcuts.commandPalette')).toEqual(['mod+K']);
    expect(keysOf('shortcuts.quickCapture')).toEqual(['Q']);
    expect(keysOf('shortcuts.undo')).toEqual(['mod+Z']);
  });
});

describe('key labels', () => {
  it('shows Ctrl, or Cmd on a Mac', () => {
    expect(hotkeyLabels(SHORTCUT_KEYS.commandPalette, { apple: false, t: en })).toEqual(['Ctrl', 'K']);
    expect(hotkeyLabels(SHORTCUT_KEYS.commandPalette, { apple: true, t: en })).toEqual(['Cmd', 'K']);
    expect(hotkeyLabels(SHORTCUT_KEYS.moveUp, { apple: false, t: en })).toEqual(['Alt', '↑']);
    expect(hotkeyLabels(SHORTCUT_KEYS.moveUp, { apple: true, t: en })).toEqual(['Option', '↑']);
  });

  it('names keys as the keyboard of the language does', () => {
    expect(hotkeyLabels(SHORTCUT_KEYS.complete, { apple: false, t: en })).toEqual(['Ctrl', 'Enter']);
    expect(hotkeyLabels(SHORTCUT_KEYS.complete, { apple: false, t: fr })).toEqual(['Ctrl', 'Entrée']);
    expect(hotkeyLabels(SHORTCUT_KEYS.archive, { apple: false, t: fr })).toEqual(['Suppr']);
    expect(hotkeyLabels(SHORTCUT_KEYS.clearSelection, { apple: false, t: fr })).toEqual(['Échap']);
    expect(hotkeyLabels(SHORTCUT_KEYS.first, { apple: false, t: en })).toEqual(['Home']);
    expect(hotkeyLabels(SHORTCUT_KEYS.last, { apple: false, t: fr })).toEqual(['Fin']);
  });

  it('upper-cases letters and leaves the Shift of a symbol out', () => {
    expect(hotkeyLabels(SHORTCUT_KEYS.favourite, { apple: false, t: en })).toEqual(['F']);
    expect(hotkeyLabels(SHORTCUT_KEYS.help, { apple: false, t: en })).toEqual(['?']);
    expect(hotkeyLabels('shift+A', { apple: false, t: en })).toEqual(['Shift', 'A']);
  });
});
