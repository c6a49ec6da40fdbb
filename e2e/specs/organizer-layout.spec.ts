import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox } from '../support/api.js';
import { expect, test } from '../support/test.js';

/**
 * The Organizer's drops, structure and narrow layout: the 'top of Undated' is as easy to hit
 * as any gap, a drop settles at once, rows are no buttons holding buttons, every action is a
 * control of its own that the keyboard reaches, and at phone width the lists stack, titles
 * wrap and no list hides part of a group in a scroll box of its own.
 */

const prioritizedList = (page: Page) => page.getByRole('group', { name: 'Prioritized', exact: true });
const unprioritizedList = (page: Page) => page.getByRole('group', { name: 'Unprioritized', exact: true });
/** An item's row: the one whose text starts with the title. */
const row = (list: Locator, title: string) =>
  list.locator('[data-item-row]').filter({ hasText: new RegExp(`^${title}`) });

/** A box of texts, ranked as given: 'today' pinned, 'undated' with a priority, 'waiting' prioritizable only. */
async function organizerWith(
  page: Page,
  label: string,
  texts: { title: string; as: 'today' | 'undated' | 'waiting' }[],
) {
  const { token } = await createLoggedInAccount(page.request, { label });
  const box = await createBox(page.request, token, 'Home');
  for (const [index, { title, as }] of texts.entries()) {
    const item = await api<{ _id: string }>(page.request, token, 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title,
    });
    if (as === 'waiting') {
      await api(page.request, token, 'PUT', '/api/items/update-item', {
        itemId: item._id,
        prioritizable: true,
      });
    } else {
      await api(page.request, token, 'PUT', '/api/items/update-priority', {
        itemId: item._id,
        priority: index + 1,
        markedAsForToday: as === 'today',
      });
    }
  }
  await putSessionToken(page, token);
  await page.goto('/app/organiser');
  await expect(prioritizedList(page)).toBeVisible();
  return token;
}

/** Presses on a row, glides in steps to (x, y), and lets go there. */
async function dragTo(page: Page, from: Locator, x: number, y: number) {
  const source = await from.boundingBox();
  if (!source) throw new Error('no row on screen');
  await page.mouse.move(source.x + 40, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 44, source.y + source.height / 2 + 6, { steps: 4 });
  await expect(page.locator('[data-dragging]')).toHaveCount(1);
  await page.mouse.move(x, y, { steps: 16 });
  await page.mouse.move(x + 1, y, { steps: 2 });
  await page.mouse.up();
}

test("the whole 'Undated' heading is the top of Undated, and a drop there settles at once", async ({
  page,
}) => {
  await organizerWith(page, 'organizer-undated-top', [
    { title: 'Call the plumber', as: 'today' },
    { title: 'Fix the dripping tap', as: 'undated' },
    { title: 'Water the plants', as: 'waiting' },
  ]);
  const ranked = prioritizedList(page);
  await expect(row(ranked, 'Fix the dripping tap')).toHaveAttribute('data-group', 'undated');
  const heading = ranked.locator('[data-group="undated"]:not([data-item-row])');
  const box = await heading.boundingBox();
  if (!box) throw new Error('no Undated heading');

  // The time from letting go to the row drawn in its new group, measured in the page.
  await page.evaluate(() => {
    const w = window as unknown as { dropAt?: number; settledAt?: number };
    window.addEventListener('mouseup', () => (w.dropAt = performance.now()), { capture: true, once: true });
    const list = document.querySelector('[role="group"][aria-label="Prioritized"]');
    if (!list) return;
    const observer = new MutationObserver(() => {
      if (w.dropAt === undefined) return;
      const undated = Array.from(list.querySelectorAll('[data-item-row][data-group="undated"]'));
      if (undated.some((item) => item.textContent?.startsWith('Water the plants'))) {
        w.settledAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(list, { childList: true, subtree: true, attributes: true });
  });
  // The upper edge of the heading, where the gap above it (the end of Today) used to be.
  const saved = page.waitForResponse((r) => r.url().includes('/api/items/update-priority'));
  await dragTo(page, row(unprioritizedList(page), 'Water the plants'), box.x + 120, box.y + 4);
  expect((await saved).status()).toBe(200);
  await expect(row(ranked, 'Water the plants')).toHaveAttribute('data-group', 'undated');
  const settled = await page.evaluate(() => {
    const w = window as unknown as { dropAt?: number; settledAt?: number };
    return w.dropAt !== undefined && w.settledAt !== undefined ? w.settledAt - w.dropAt : null;
  });
  // Drawn in its new place right after the release (as in the workspace), with no glide.
  expect(settled).not.toBeNull();
  expect(settled ?? Number.POSITIVE_INFINITY).toBeLessThan(250);

  const titles = ['Call the plumber', 'Water the plants', 'Fix the dripping tap'];
  const order = async () =>
    prioritizedList(page)
      .locator('[data-item-row]')
      .evaluateAll(
        (rows, known) =>
          rows
            .map((item) => ({ top: item.getBoundingClientRect().top, text: item.textContent ?? '' }))
            .sort((a, b) => a.top - b.top)
            .map(({ text }) => known.find((title) => text.startsWith(title)) ?? text),
        titles,
      );
  await expect.poll(order).toEqual(['Call the plumber', 'Water the plants', 'Fix the dripping tap']);
  await page.reload();
  await expect(row(prioritizedList(page), 'Water the plants')).toHaveAttribute('data-group', 'undated');
  await expect.poll(order).toEqual(['Call the plumber', 'Water the plants', 'Fix the dripping tap']);
});

test('a row is no button: its title, grip, date and pin are controls of their own, named by what they show', async ({
  page,
}) => {
  await organizerWith(page, 'organizer-structure', [
    { title: 'Renew passport', as: 'undated' },
    { title: 'Book dentist', as: 'waiting' },
  ]);
  const passport = row(prioritizedList(page), 'Renew passport');
  await expect(passport).toBeVisible();

  const problems = await page.locator('[data-item-row]').evaluateAll((rows) => {
    const interactive = 'button, a[href], input, select, textarea, [role="button"], [tabindex]';
    const found: string[] = [];
    for (const element of rows) {
      // The row takes the focus only as the keyboard's selection: a group named by its title.
      if (element.matches('button, a[href], input, select, textarea, [role="button"]')) {
        found.push(`row is a control: ${element.textContent}`);
      }
      if (element.getAttribute('role') !== 'group' || !element.getAttribute('aria-label')) {
        found.push(`row is not a named group: ${element.textContent}`);
      }
      for (const control of Array.from(element.querySelectorAll(interactive))) {
        if (control.querySelector(interactive)) found.push(`nested: ${control.textContent}`);
        const label = control.getAttribute('aria-label');
        const shown = (control.textContent ?? '').trim();
        if (label && shown && !label.toLowerCase().includes(shown.toLowerCase())) {
          found.push(`name '${label}' lacks '${shown}'`);
        }
      }
    }
    return found;
  });
  expect(problems).toEqual([]);

  // The keyboard reaches every action of a row in order: grip, title, date, pin.
  const grip = passport.getByRole('button', { name: 'Drag to move' });
  await grip.focus();
  await page.keyboard.press('Tab');
  await expect(passport.getByRole('button', { name: 'Renew passport', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(passport.getByRole('button', { name: /Target date of Renew passport/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(passport.getByRole('button', { name: 'Pin to Today' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(passport).toHaveAttribute('data-group', 'today');

  // The title's own action: open the item in the workspace.
  await row(prioritizedList(page), 'Renew passport')
    .getByRole('button', { name: 'Renew passport', exact: true })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await expect(page.locator('section[data-pane-id]').getByText('Renew passport')).toBeInViewport();
});

test('at phone width the lists stack, titles wrap, and every group shows whole in the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const long = 'Fix the dripping tap in the upstairs bathroom before the guests arrive';
  await organizerWith(page, 'organizer-phone', [
    { title: 'Call the plumber', as: 'today' },
    { title: long, as: 'undated' },
    ...Array.from({ length: 14 }, (_, i) => ({ title: `Undated chore ${i + 1}`, as: 'undated' as const })),
    { title: 'Water the plants', as: 'waiting' },
  ]);
  const ranked = prioritizedList(page);
  const waiting = unprioritizedList(page);
  await expect(row(ranked, long)).toBeVisible();
  await expect(row(waiting, 'Water the plants')).toHaveCount(1);

  // Stacked: Unprioritized starts below the whole Prioritized list.
  const rankedBox = await ranked.boundingBox();
  const waitingBox = await waiting.boundingBox();
  if (!rankedBox || !waitingBox) throw new Error('a list is not on the page');
  expect(waitingBox.y).toBeGreaterThanOrEqual(rankedBox.y + rankedBox.height);

  // No list scrolls inside itself: the page does, and the end of Undated is a page scroll away.
  const innerScroll = await page
    .locator('[role="group"]')
    .evaluateAll((lists) => lists.filter((list) => list.scrollHeight > list.clientHeight + 1).length);
  expect(innerScroll).toBe(0);
  await ranked.evaluate((list) => list.scrollIntoView({ block: 'end' }));
  await expect(row(ranked, 'Undated chore 14')).toBeInViewport();
  await ranked.evaluate((list) => list.scrollIntoView({ block: 'start' }));

  // The long title wraps onto more lines rather than being cut; so do the column headings.
  const title = row(ranked, long).getByRole('button', { name: long, exact: true });
  const cut = async (locator: Locator) =>
    locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  expect(await cut(title)).toBe(false);
  expect((await title.boundingBox())?.height ?? 0).toBeGreaterThan(30);
  await expect(title).toBeInViewport({ ratio: 1 });
  const headings = await page
    .locator('main section')
    .locator('[aria-hidden="true"] > span, button[aria-label^="Order by"]')
    .evaluateAll((elements) =>
      elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
  expect(headings).toEqual([]);
});
