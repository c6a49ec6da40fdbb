import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys';
import { colorSchemeManager, saveColorScheme, shownColorScheme, toMantineColorScheme } from './color-scheme';

/** A window with a working local storage, and a device whose own setting is `deviceDark`. */
function stubWindow({ deviceDark = false } = {}) {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener: () => {},
    removeEventListener: () => {},
    matchMedia: (query: string) => ({ matches: deviceDark && query === '(prefers-color-scheme: dark)' }),
  });
  return storage;
}

const signIn = (storage: ReturnType<typeof stubWindow>) => storage.setItem(STORAGE_KEYS.token, 'token');

describe('the colour scheme store', () => {
  beforeEach(() => colorSchemeManager.unsubscribe());
  afterEach(() => {
    colorSchemeManager.unsubscribe();
    vi.unstubAllGlobals();
  });

  it("starts from this device's copy of the account's choice, but only while signed in", () => {
    const storage = stubWindow();
    storage.setItem(STORAGE_KEYS.colorScheme, 'dark');
    expect(colorSchemeManager.get('auto')).toBe('auto');
    signIn(storage);
    expect(colorSchemeManager.get('auto')).toBe('dark');
    storage.setItem(STORAGE_KEYS.colorScheme, 'sepia');
    expect(colorSchemeManager.get('auto')).toBe('auto');
  });

  it("keeps the account's choice in Mantine's words, forgets it on request, and ignores Mantine's writes", () => {
    const storage = stubWindow();
    saveColorScheme('system');
    expect(storage.getItem(STORAGE_KEYS.colorScheme)).toBe('auto');
    saveColorScheme('dark');
    expect(storage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark');
    colorSchemeManager.set('light');
    expect(storage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark');
    saveColorScheme(null);
    expect(storage.getItem(STORAGE_KEYS.colorScheme)).toBeNull();
    expect(toMantineColorScheme('light')).toBe('light');
  });

  it('tells Mantine of a new copy while signed in, and nothing once logged out or unsubscribed', () => {
    const storage = stubWindow();
    const updates: string[] = [];
    colorSchemeManager.subscribe((scheme) => updates.push(scheme));
    saveColorScheme('dark');
    expect(updates).toEqual([]);
    signIn(storage);
    saveColorScheme('light');
    expect(updates).toEqual(['light']);
    colorSchemeManager.unsubscribe();
    saveColorScheme('dark');
    expect(updates).toEqual(['light']);
  });

  it("shows System as the device's own light or dark", () => {
    stubWindow({ deviceDark: true });
    expect(shownColorScheme('auto')).toBe('dark');
    expect(shownColorScheme('light')).toBe('light');
    vi.unstubAllGlobals();
    stubWindow({ deviceDark: false });
    expect(shownColorScheme('auto')).toBe('light');
    expect(shownColorScheme('dark')).toBe('dark');
  });
});
