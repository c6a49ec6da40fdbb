import type { Locator, Page } from '@playwright/test';

/** The theme's Tooltip openDelay (packages/web/src/app/theme.ts), and room for its transition. */
const TOOLTIP_OPEN_DELAY_MS = 300;
const TOOLTIP_TRANSITION_MS = 300;

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
    await page.clock.runFor(step);
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
