import type { Page } from '@playwright/test';

/** A gate: `released` resolves once `release` is called. */
export function gate(): { released: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

/**
 * A slow network for some of the page's requests (a part of the app's code, an API read):
 * those matching `glob` wait until the answered function is called, then go through.
 */
export async function holdRequests(page: Page, glob: string): Promise<() => void> {
  const { released, release } = gate();
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
