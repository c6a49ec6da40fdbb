import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox } from '../support/api.js';
import { holdRequests } from '../support/held-requests.js';
import { expectSelected } from '../support/keyboard.js';
import { expect, test } from '../support/test.js';

/**
 * The Organizer's drops, structure and narrow layout: the 'top of Undated' is as easy to hit
 * as any gap, a drop settles at once, rows are no buttons holding buttons, each list is one
 * Tab stop whose rows' keys do what their controls do, and at phone width the lists stack,
 * titles wrap and no list hides part of a group in a scroll box of its own.
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

  // When the row is first drawn in its new group after the release: whether the dragged copy
  // is still on screen (a glide to its place would keep it there).
  await page.evaluate(() => {
    const w = window as unknown as { overlayWhenSettled?: number };
    let released = false;
    window.addEventListener('mouseup', () => (released = true), { capture: true, once: true });
    const list = document.querySelector('[role="group"][aria-label="Prioritized"]');
    if (!list) return;
    const observer = new MutationObserver(() => {
      if (!released) return;
      const undated = Array.from(list.querySelectorAll('[data-item-row][data-group="undated"]'));
      if (undated.some((item) => item.textContent?.startsWith('Water the plants'))) {
        w.overlayWhenSettled = document.querySelectorAll('[data-dragging]').length;
        observer.disconnect();
      }
    });
    observer.observe(list, { childList: true, subtree: true, attributes: true });
  });
  // The save is held: the row is drawn in its new place from the drop, not from the answer.
  const releaseSave = await holdRequests(page, '**/api/items/update-priority');
  const saved = page.waitForResponse((r) => r.url().includes('/api/items/update-priority'));
  // The upper edge of the heading, where the gap above it (the end of Today) used to be.
  await dragTo(page, row(unprioritizedList(page), 'Water the plants'), box.x + 120, box.y + 4);
  await expect(row(ranked, 'Water the plants')).toHaveAttribute('data-group', 'undated');
  // Drawn in its new place as the drag ends (as in the workspace), with no glide.
  expect(
    await page.evaluate(() => (window as unknown as { overlayWhenSettled?: number }).overlayWhenSettled),
  ).toBe(0);
  releaseSave();
  expect((await saved).status()).toBe(200);

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

test('a row is no button: each list is one Tab stop, the arrows go from row to row, and its keys do what its controls do', async ({
  page,
}) => {
  await organizerWith(page, 'organizer-structure', [
    { title: 'Renew passport', as: 'undated' },
    { title: 'Post the letter', as: 'undated' },
    { title: 'Water the plants', as: 'undated' },
    { title: 'Book dentist', as: 'waiting' },
  ]);
  const ranked = prioritizedList(page);
  const waiting = unprioritizedList(page);
  const passport = row(ranked, 'Renew passport');
  const letter = row(ranked, 'Post the letter');
  const plants = row(ranked, 'Water the plants');
  const dentist = row(waiting, 'Book dentist');
  await expect(plants).toBeVisible();
  await expect(dentist).toBeVisible();

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

  // Each list is one Tab stop, on one row: no control of a row is a Tab stop of its own.
  const ownTabStops = (list: Locator) =>
    list.evaluate(
      (element) =>
        [...element.querySelectorAll('[data-item-row] :is(button, input, a[href], [tabindex])')].filter(
          (control) => control.getAttribute('tabindex') !== '-1',
        ).length,
    );
  for (const list of [ranked, waiting]) {
    await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
    await expect.poll(() => ownTabStops(list)).toBe(0);
  }
  await expect(passport).toHaveAttribute('tabindex', '0');
  const holdsFocus = (list: Locator) => list.evaluate((element) => element.contains(document.activeElement));

  // ↓ enters the rows; ↓ ↑ Home End go from row to row, and the list's Tab stop goes along.
  await page.keyboard.press('ArrowDown');
  await expectSelected(passport);
  await page.keyboard.press('ArrowDown');
  await expectSelected(letter);
  await page.keyboard.press('End');
  await expectSelected(plants);
  await page.keyboard.press('ArrowUp');
  await expectSelected(letter);
  await page.keyboard.press('Home');
  await expectSelected(passport);
  await page.keyboard.press('ArrowDown');
  await expectSelected(letter);
  await expect(ranked.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(letter).toHaveAttribute('tabindex', '0');

  // One Tab leaves the list, from any row; Shift+Tab comes back to the row it left.
  await page.keyboard.press('Tab');
  await expect.poll(() => holdsFocus(ranked)).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expectSelected(letter);

  // The row's keys do what its controls do. T: its target date, in Item settings.
  await page.keyboard.press('t');
  const settings = page.getByRole('dialog', { name: 'Post the letter' });
  await expect(settings.getByRole('button', { name: /^Target Date/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expectSelected(letter);
  // Ctrl+T: the pin. The row goes to Today and keeps the focus.
  await page.keyboard.press('Control+t');
  await expect(letter).toHaveAttribute('data-group', 'today');
  await expectSelected(letter);

  // The other list is one Tab stop too: → goes to it, one Tab leaves it, Shift+Tab comes back.
  await page.keyboard.press('ArrowRight');
  await expectSelected(dentist);
  await page.keyboard.press('Tab');
  await expect.poll(() => holdsFocus(waiting)).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expectSelected(dentist);

  // ← goes back to the Prioritized list's Tab stop, its first row now: the letter, in Today.
  // Enter does what its title does: the item opens in the workspace.
  await page.keyboard.press('ArrowLeft');
  await expectSelected(letter);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await expect(page.locator('section[data-pane-id]').getByText('Post the letter')).toBeInViewport();
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
