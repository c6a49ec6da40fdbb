import type { Page } from '@playwright/test';

/**
 * A slow network for one part of the app's code: requests matching `glob` wait until the
 * answered function is called, then go through.
 */
export async function holdScript(page: Page, glob: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
