/**
 * The `test` and `expect` every journey imports. Journeys import from here, never from
 * '@playwright/test' directly, so checks that belong to every screen are added in one place.
 *
 * Accessibility: every page and every dialog a journey opens is checked with axe-core, and
 * any violation fails the journey. A script in each page watches what is on screen (the path
 * and the open dialogs); once that changes and the page has been still for a moment, axe runs
 * on it. The journey goes on meanwhile, so a check the page navigates away from is dropped.
 * The screen each page ends on is checked too.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type StatedDateOption, serverNow } from './clock.js';

export { expect };

/** How long the page must be still (no DOM change) before what it shows is checked. */
const STILL_MS = 250;

/** Runs in the page: reports each new screen (path plus open dialogs) once it is still. */
function watchScreens(stillMs: number) {
  let shown = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const screen = () => {
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .filter((dialog) => dialog.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((dialog) => dialog.getAttribute('aria-labelledby') ?? dialog.getAttribute('aria-label') ?? '?');
    return [location.pathname, ...dialogs].join(' + ');
  };
  const changes = window as unknown as { __nestboxChanges?: number; __nestboxDocument?: string };
  changes.__nestboxChanges = 0;
  changes.__nestboxDocument = Math.random().toString(36).slice(2);
  const settle = () => {
    if (!location.protocol.startsWith('http')) return;
    const now = screen();
    if (now !== shown) {
      shown = now;
      (window as unknown as { __nestboxScreen?: (screen: string) => void }).__nestboxScreen?.(now);
    }
  };
  const observe = () => {
    new MutationObserver(() => {
      changes.__nestboxChanges = (changes.__nestboxChanges ?? 0) + 1;
      clearTimeout(timer);
      timer = setTimeout(settle, stillMs);
    }).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    timer = setTimeout(settle, stillMs);
  };
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
}

/**
 * Runs in the page: `Date` reads the server's time, `offset` ms from the machine's (the same
 * on every page load of the test), and runs on at the real pace. Not Playwright's
 * `page.clock.install`: its `Date` returns plain dates from `new`, so subclasses of `Date`
 * (the app's time-zone maths uses one) lose their own methods and read the browser's zone.
 */
function followServerDate(offset: number) {
  const NativeDate = Date;
  const now = () => NativeDate.now() + offset;
  function StatedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new NativeDate(now()).toString();
    return Reflect.construct(NativeDate, args.length > 0 ? args : [now()], new.target);
  }
  Object.setPrototypeOf(StatedDate, NativeDate);
  StatedDate.prototype = NativeDate.prototype;
  StatedDate.now = now;
  globalThis.Date = StatedDate as unknown as DateConstructor;
}

/** How long a recheck waits for a changing page to come to rest. */
const STILL_TIMEOUT_MS = 5_000;

/** How many times a check is run again because the page changed while axe read it. */
const RECHECKS = 5;

/**
 * The page's document and how many DOM changes it has seen (counted by watchScreens): equal
 * states show the same DOM.
 */
const stateOf = (page: Page) =>
  page.evaluate(() => {
    const changes = window as unknown as { __nestboxChanges?: number; __nestboxDocument?: string };
    return `${changes.__nestboxDocument ?? ''}:${changes.__nestboxChanges ?? 0}`;
  });

/** For each page, the state its last check read from start to end without a change. */
const judged = new WeakMap<Page, string>();

/**
 * The violations axe finds on the page as it is now, one line each. A page that changed while
 * axe read it (a navigation or a dialog half drawn) is read again once still, up to RECHECKS
 * times, so a check judges one screen and never a mix of two.
 */
async function violationsOn(page: Page, screen: string): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const state = await stateOf(page);
    const before = Number(state.split(':')[1]);
    const found = await axeViolations(page, screen);
    if ((await stateOf(page)) === state) {
      judged.set(page, state);
      return found;
    }
    if (attempt >= RECHECKS) return found;
    // A page that never comes to rest (a running loader) is judged as it was read.
    const still = await page
      .waitForFunction(
        ([seen, stillMs]) => {
          const now = (window as unknown as { __nestboxChanges?: number }).__nestboxChanges ?? 0;
          const state = window as unknown as { __nestboxSeen?: { count: number; at: number } };
          if (state.__nestboxSeen?.count !== now) state.__nestboxSeen = { count: now, at: performance.now() };
          return now !== seen && performance.now() - state.__nestboxSeen.at >= stillMs;
        },
        [before, STILL_MS] as const,
        { polling: 50, timeout: STILL_TIMEOUT_MS },
      )
      .then(
        () => true,
        () => false,
      );
    if (!still) return found;
  }
}

async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // Experimental, but part of what outside reviews run: a visible label inside the accessible name.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${screen}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * Checks the page as it shows now, at once, and fails on any violation: for states the
 * automatic checks do not take for a new screen (another tab of a dialog, a pane opened
 * beside the others, a row's menu). A check running in the page at that moment (axe runs one
 * at a time) is waited out.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  let found: string[] = [];
  await expect(async () => {
    found = await violationsOn(page, screen);
  }).toPass();
  expect(found, `axe-core on ${screen}`).toEqual([]);
}

export const test = base.extend<{ accessibility: undefined; browserClock: undefined } & StatedDateOption>({
  /** The project's server runs from a stated date (the `dated` project): pages take its clock. */
  statedDate: [false, { option: true }],
  /**
   * On a dated server, every page's clock starts at the server's time before any page script
   * runs, and flows on from there, so the app's "today" is the server's and not the machine's.
   * Only the date moves: timers, sockets and queries run on the real clock as usual.
   */
  browserClock: [
    async ({ context, page, statedDate }, use) => {
      if (statedDate)
        await context.addInitScript(followServerDate, (await serverNow(page.request)) - Date.now());
      await use(undefined);
    },
    { auto: true },
  ],
  accessibility: [
    // Holds the page, so the last screen's check ends before the page closes.
    async ({ context, page: _page }, use) => {
      const found = new Set<string>();
      // One check at a time per page (axe runs must not overlap); a screen shown while a check
      // runs is checked after it, and only the newest such screen.
      const running = new Map<Page, Promise<void>>();
      const waiting = new Map<Page, string>();
      const checkNext = async (page: Page): Promise<void> => {
        const screen = waiting.get(page);
        if (screen === undefined) return;
        waiting.delete(page);
        try {
          for (const line of await violationsOn(page, screen)) found.add(line);
        } catch {
          // The journey moved on (a navigation, a closed page) while axe ran: nothing to judge.
        }
        return checkNext(page);
      };
      await context.exposeBinding('__nestboxScreen', ({ page }, screen: string) => {
        waiting.set(page, screen);
        if (running.has(page)) return;
        running.set(
          page,
          checkNext(page).finally(() => running.delete(page)),
        );
      });
      await context.addInitScript(watchScreens, STILL_MS);
      await use(undefined);
      // And the screen each page ends on, still or not, unless a check already read that very DOM.
      for (const page of context.pages()) {
        while (running.has(page)) await running.get(page);
        if (!page.url().startsWith('http')) continue;
        const state = await stateOf(page).catch(() => undefined);
        if (state !== undefined && judged.get(page) === state) continue;
        waiting.set(page, `${new URL(page.url()).pathname} (at the end)`);
        await checkNext(page);
      }
      expect([...found], 'axe-core found accessibility violations').toEqual([]);
    },
    { auto: true },
  ],
});
