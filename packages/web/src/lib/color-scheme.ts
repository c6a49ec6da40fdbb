import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { ColorScheme } from '@nestbox/shared/constants';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readItem, subscribeToStorage, writeItem } from './local-store';
import { getToken } from './session';

/**
 * The colours the app shows. Logged-out pages follow the device (light or dark); signed-in
 * pages follow the account's choice (Customizations), of which this device keeps a copy so
 * the next visit opens in it before the account arrives. Mantine applies the choice
 * (`data-mantine-color-scheme` on <html>) through `colorSchemeManager` below.
 */

/** What `<meta name="theme-color">` says in each scheme: the page background, so the browser's bars blend in. */
export const THEME_COLORS = { light: '#f4f7f6', dark: '#1a1f1d' } as const;

export type ShownColorScheme = keyof typeof THEME_COLORS;

/** The account's choice in Mantine's words (`system` is Mantine's `auto`). */
export const toMantineColorScheme = (scheme: ColorScheme): MantineColorScheme =>
  scheme === 'system' ? 'auto' : scheme;

const isMantineColorScheme = (value: unknown): value is MantineColorScheme =>
  value === 'auto' || value === 'light' || value === 'dark';

/** This device's copy of the account's choice, while signed in; null otherwise. */
function signedInColorScheme(): MantineColorScheme | null {
  if (!getToken()) return null;
  const stored = readItem(STORAGE_KEYS.colorScheme);
  return isMantineColorScheme(stored) ? stored : null;
}

/** Keeps this device's copy of the account's choice (null forgets it, at logout). */
export function saveColorScheme(scheme: ColorScheme | null): void {
  const value = scheme === null ? null : toMantineColorScheme(scheme);
  if (readItem(STORAGE_KEYS.colorScheme) !== value) writeItem(STORAGE_KEYS.colorScheme, value);
}

/** Light or dark: what a choice shows on this device now. */
export function shownColorScheme(scheme: MantineColorScheme): ShownColorScheme {
  if (scheme !== 'auto') return scheme;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** Gives the browser's bars (`<meta name="theme-color">`) the colour of the scheme shown. */
export function showThemeColor(scheme: ShownColorScheme): void {
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[scheme]);
}

/**
 * Before the first render: the page takes the colours it will open in, so nothing flashes
 * light before turning dark (the page's security policy allows no inline script in index.html).
 */
export function applyStartingColorScheme(): void {
  const shown = shownColorScheme(signedInColorScheme() ?? 'auto');
  document.documentElement.setAttribute('data-mantine-color-scheme', shown);
  showThemeColor(shown);
}

let stopFollowing: (() => void) | undefined;

/**
 * Mantine's colour scheme store. It starts from the device's copy while signed in (the
 * system's colours otherwise); the copy is written from the account only (saveColorScheme),
 * so Mantine's own writes are ignored; a copy changed in another tab applies here too.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => signedInColorScheme() ?? defaultValue,
  set: () => {},
  subscribe: (onUpdate) => {
    stopFollowing?.();
    stopFollowing = subscribeToStorage(() => {
      const scheme = signedInColorScheme();
      if (scheme) onUpdate(scheme);
    });
  },
  unsubscribe: () => {
    stopFollowing?.();
    stopFollowing = undefined;
  },
  clear: () => {},
};
