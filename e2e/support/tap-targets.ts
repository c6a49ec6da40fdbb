import { expect, type Locator, type Page } from '@playwright/test';

/** What a finger can tap: buttons, links, checkboxes, switches, radios, tabs, menu items. */
const TAPPABLE =
  'button, a[href], input[type="checkbox"], input[type="radio"], [role="button"], [role="switch"], [role="tab"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], [role="link"]';

/**
 * Every control in sight (inside `scope`, on screen, visible) is at least 44 × 44 px, a
 * fingertip's size. Links (and buttons drawn as links) inside a paragraph's running text are left out: they are words of
 * the sentence, and their line's height is the sentence's.
 */
export async function expectTapTargets(page: Page, what: string, scope: Locator = page.locator('body')) {
  const small = await scope.evaluate((root, selector) => {
    const { innerWidth, innerHeight } = window;
    return [...root.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
        if (element.closest('[aria-hidden="true"], [inert]')) return false;
        const inlineLink = element.tagName === 'A' || element.classList.contains('mantine-Anchor-root');
        if (inlineLink && element.closest('p')) return false;
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight
        );
      })
      .map((element) => {
        const { width, height } = element.getBoundingClientRect();
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? element.tagName;
        return { name, width: Math.round(width), height: Math.round(height) };
      })
      .filter(({ width, height }) => width < 44 || height < 44)
      .map(({ name, width, height }) => `${name} (${width} × ${height})`);
  }, TAPPABLE);
  expect(small, `controls under 44 × 44 px on ${what}`).toEqual([]);
}
