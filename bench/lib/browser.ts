/// <reference lib="dom" />
import { type Browser, chromium } from 'playwright-core';

/** The Chromium the browser benches drive (`CHROMIUM_PATH`, else Debian's). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts that Chromium headless, as every browser bench runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A fresh browser context (empty cache) at 1440 × 900, signed in with `token`, and a tab in it. */
export async function newSignedInPage(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  await context.addInitScript((value) => localStorage.setItem('nestbox.token', value), token);
  return { context, page: await context.newPage() };
}
