import { useMantineColorScheme } from '@mantine/core';
import type { ColorScheme } from '@nestbox/shared/constants';
import { useEffect } from 'react';
import { saveColorScheme, toMantineColorScheme } from '../lib/color-scheme';

/**
 * Signed-in pages: the account's colours apply (`choice`, undefined until the account
 * arrives), and this device keeps a copy so its next visit opens in them.
 */
export function useAccountColorScheme(choice: ColorScheme | undefined): void {
  const { setColorScheme } = useMantineColorScheme();
  // Only a new choice applies: a copy changed by another tab (which Mantine applies here
  // through the store) is not put back from this tab's older account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setColorScheme is a new function on every render.
  useEffect(() => {
    if (!choice) return;
    saveColorScheme(choice);
    setColorScheme(toMantineColorScheme(choice));
  }, [choice]);
}

/** Logged-out pages: the device's own light or dark setting, whoever used it last. */
export function useDeviceColorScheme(): void {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (colorScheme !== 'auto') setColorScheme('auto');
  }, [colorScheme, setColorScheme]);
}
