import type { Locator, Page } from '@playwright/test';

/** The theme's Tooltip openDelay (packages/web/src/app/theme.ts), and room for its transition. */
const TOOLTIP_OPEN_DELAY_MS = 300;
const TOOLTIP_TRANSITION_MS = 300;

/**
 * Moves the page's clock on. The clock is the context's, and every accessibility check opens
 * and closes a blank page of its own in this context (axe finishes its run there): one that
 * closes meanwhile fails the call, though this page is fine, so it is made again. A clock
 * moved on twice only leaves a tooltip longer past its delay.
 */
async function runClock(page: Page, ms: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.runFor(ms);
      return;
    } catch (error) {
      if (attempt >= 3 || page.isClosed()) throw error;
    }
  }
}

/**
 * How many tooltips show once the pointer has rested on a control past the open delay. The
 * page's clock (installed before it loads) is moved past the delay and the transition, and
 * React is given each turn to render what those timers changed, so the answer depends on
 * nothing but the page's state, whatever the machine's load. The same step is used while
 * tooltips are on (and one shows), so a 0 later means 'off', never 'too soon'.
 */
export async function tooltipsAfterHover(page: Page, target: Locator): Promise<number> {
  await page.mouse.move(0, 400);
  await target.hover();
  for (const step of [TOOLTIP_OPEN_DELAY_MS, TOOLTIP_TRANSITION_MS]) {
    await runClock(page, step);
    // React renders in a task of its own (a MessageChannel message): one posted now runs after it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
  return page.getByRole('tooltip').count();
}
