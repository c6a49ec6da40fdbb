import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, readItem } from '../support/api.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { centreOf, finger, type Point } from '../support/touch.js';
import { addTexts, handle, rows, workspaceWith } from '../support/workspace-setup.js';

/**
 * Nestbox on a phone (390 × 844, a touch screen): one pane at a time, moved between by the
 * switcher's buttons and by a sideways swipe; fingertip-sized controls; rows lifted by a long
 * press and carried with the finger, while a quick vertical move scrolls instead. Touches go
 * through Chromium's own input pipeline (CDP), so the browser's panning and touch-action
 * decide as they would on a phone.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A point over the upper fifth of a row: the gap before it. */
async function topOf(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + Math.min(box.width / 2, 120), y: box.y + box.height * 0.2 };
}

/** Every box of these elements is at least 44 px in both directions. */
async function expectFingertipSized(locator: Locator, what: string) {
  const boxes = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { width: Math.round(width), height: Math.round(height) };
    }),
  );
  expect(boxes.length, what).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width, `${what} width`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${what} height`).toBeGreaterThanOrEqual(44);
  }
}

const switcher = (page: Page) => page.getByRole('navigation', { name: 'Panes' });
const lifted = (page: Page) => page.locator('[data-dragging]');

test('one pane at a time: the switcher and a swipe move between panes, and a box opened shows', async ({
  page,
}) => {
  await workspaceWith(page, 'phone-panes', { Garden: ['Buy compost'] });
  await page.goto('/app/boxes');
  const nav = switcher(page);
  await expect(nav.getByText('1 of 2')).toBeVisible();
  await expect(pane(page, 'Workspace')).toBeInViewport({ ratio: 0.9 });
  await expect(pane(page, 'Garden')).not.toBeInViewport();

  // Fingertip-sized: the switcher, the pane's heading buttons, a row, its grip and its menu button.
  await expectFingertipSized(nav.getByRole('button'), 'switcher buttons');
  await expectFingertipSized(pane(page, 'Workspace').locator('header button'), 'pane heading buttons');
  await nav.getByRole('button', { name: 'Next pane: Garden' }).tap();
  await expect(nav.getByText('2 of 2')).toBeVisible();
  const garden = pane(page, 'Garden');
  await expect(garden).toBeInViewport({ ratio: 0.9 });
  await expect(pane(page, 'Workspace')).not.toBeInViewport();
  await expectFingertipSized(rows(page, 'Garden'), 'rows');
  await expectFingertipSized(handle(garden, 'Buy compost'), 'grip');
  await expectFingertipSized(garden.getByRole('button', { name: 'Item actions' }), 'row menu button');

  // Capture with the pane's add row: Insert item → Text, typed, Enter.
  await garden.getByRole('button', { name: 'Insert item' }).tap();
  await page.getByRole('menuitem', { name: 'Text' }).tap();
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/items/create-item') && response.request().method() === 'POST',
  );
  await page.keyboard.type('Sow the beans');
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(rows(page, 'Garden').filter({ hasText: 'Sow the beans' })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Back to the Workspace pane, open a box from it: the new pane is the one in sight.
  await nav.getByRole('button', { name: 'Previous pane: Workspace' }).tap();
  await expect(nav.getByText('1 of 2')).toBeVisible();
  const opened = page.waitForResponse((response) => response.url().includes('/api/items/create-pane'));
  await pane(page, 'Workspace').getByRole('button', { name: 'Garden', exact: true }).tap();
  expect((await opened).ok()).toBe(true);
  await expect(nav.getByText('2 of 3')).toBeVisible();
  await expect(page.locator('section[data-pane-id]').nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(pane(page, 'Workspace')).not.toBeInViewport();

  // The previous button goes back; a swipe right to left goes on, left to right back.
  await nav.getByRole('button', { name: 'Previous pane: Workspace' }).tap();
  await expect(nav.getByText('1 of 3')).toBeVisible();
  await expect(pane(page, 'Workspace')).toBeInViewport({ ratio: 0.9 });
  const touch = await finger(page);
  const middle = await centreOf(pane(page, 'Workspace'));
  await touch.down({ x: middle.x + 120, y: middle.y });
  await touch.move({ x: middle.x - 120, y: middle.y + 10 });
  await touch.up();
  await expect(nav.getByText('2 of 3')).toBeVisible();
  await expect(page.locator('section[data-pane-id]').nth(1)).toBeInViewport({ ratio: 0.9 });
  await touch.down({ x: middle.x - 120, y: middle.y });
  await touch.move({ x: middle.x + 120, y: middle.y - 10 });
  await touch.up();
  await expect(nav.getByText('1 of 3')).toBeVisible();
  await expect(pane(page, 'Workspace')).toBeInViewport({ ratio: 0.9 });

  // The keyboard keeps its pane keys: ↓ selects a row of the pane in sight, → goes to the next.
  await page.keyboard.press('ArrowDown');
  await expect(pane(page, 'Workspace').locator('[data-selectable-row]').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByText('2 of 3')).toBeVisible();
  await expect(
    page.locator('section[data-pane-id]').nth(1).locator('[data-selectable-row]').first(),
  ).toBeFocused();
});

test('a long press lifts a row and the finger carries it; a quick vertical move scrolls instead', async ({
  page,
}) => {
  const texts = Array.from({ length: 40 }, (_, index) => `Seed ${index + 1}`);
  await workspaceWith(page, 'phone-dnd', { Beds: ['Ant', 'Bee', 'Cat'], Seeds: texts });
  await page.goto('/app/boxes');
  const nav = switcher(page);
  await nav.getByRole('button', { name: 'Next pane: Beds' }).tap();
  const beds = pane(page, 'Beds');
  await expect(beds).toBeInViewport({ ratio: 0.9 });
  await expect(rows(page, 'Beds')).toHaveText(['Ant', 'Bee', 'Cat']);

  // Long press on Cat's grip: the row lifts (the copy under the finger shows), then goes before Ant.
  const touch = await finger(page);
  await touch.down(await centreOf(handle(beds, 'Cat')));
  await expect(lifted(page)).toHaveCount(1);
  await touch.move(await topOf(rows(page, 'Beds').nth(0)));
  await expect(beds.locator('[data-drop-gap]')).toHaveAttribute('data-drop-gap', '0');
  const moved = page.waitForResponse((response) => response.url().includes('/api/items/move-'));
  await touch.up();
  expect((await moved).status()).toBe(200);
  await expect(lifted(page)).toHaveCount(0);
  await expect(rows(page, 'Beds')).toHaveText(['Cat', 'Ant', 'Bee']);
  await page.reload();
  await nav.getByRole('button', { name: 'Next pane: Beds' }).tap();
  await expect(rows(page, 'Beds')).toHaveText(['Cat', 'Ant', 'Bee']);

  // A quick upward flick on a row of a long list scrolls it and lifts nothing.
  await nav.getByRole('button', { name: 'Next pane: Seeds' }).tap();
  const seeds = pane(page, 'Seeds');
  await expect(seeds).toBeInViewport({ ratio: 0.9 });
  await expect(rows(page, 'Seeds').first()).toHaveText('Seed 1');
  await page.evaluate(() => {
    const state = window as unknown as { __lifted?: boolean };
    state.__lifted = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-dragging]')) state.__lifted = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // The pane's list scrolls in the element around it.
  const scrollTop = () =>
    seeds
      .locator('ul')
      .first()
      .evaluate((list) => list.parentElement?.scrollTop ?? 0);
  expect(await scrollTop()).toBe(0);
  const start = await centreOf(rows(page, 'Seeds').nth(8));
  await touch.flick(start, { x: start.x, y: start.y - 300 });
  await expect.poll(scrollTop).toBeGreaterThan(100);
  expect(await page.evaluate(() => (window as unknown as { __lifted?: boolean }).__lifted)).toBe(false);
  await expect(lifted(page)).toHaveCount(0);
  await expect(nav.getByText('3 of 3')).toBeVisible();
});

test('Organizer: stacked lists, fingertip controls, and a row prioritised by a long press', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'phone-organizer' });
  const box = await createBox(page.request, token, 'Home');
  const make = (title: string) =>
    api<{ _id: string }>(page.request, token, 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title,
    });
  const passport = await make('Renew passport before the summer holiday so that nothing is left late');
  const dentist = await make('Book dentist');
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: passport._id,
    priority: 1000,
  });
  await api(page.request, token, 'PUT', '/api/items/update-item', {
    itemId: dentist._id,
    prioritizable: true,
  });
  await putSessionToken(page, token);
  await page.goto('/app/organiser');

  const prioritized = page.getByRole('group', { name: 'Prioritized', exact: true });
  const unprioritized = page.getByRole('group', { name: 'Unprioritized', exact: true });
  const passportRow = prioritized.locator(`[data-item-row="${passport._id}"]`);
  const dentistRow = unprioritized.locator(`[data-item-row="${dentist._id}"]`);
  await expect(passportRow).toBeVisible();
  await expect(dentistRow).toBeVisible();

  // Stacked, each at the page's width; the long title wraps rather than being cut.
  const [top, below] = [await prioritized.boundingBox(), await unprioritized.boundingBox()];
  if (!top || !below) throw new Error('lists not on screen');
  expect(below.y).toBeGreaterThanOrEqual(top.y + top.height);
  expect(Math.abs(top.width - below.width)).toBeLessThan(2);
  const title = passportRow.locator('[data-title]');
  const wraps = await title.evaluate((element) => ({
    fits: element.scrollWidth <= element.clientWidth,
    lines: Math.round(
      element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    ),
  }));
  expect(wraps.fits).toBe(true);
  expect(wraps.lines).toBeGreaterThan(1);

  // Fingertip-sized: rows, grips, titles, pins and date buttons.
  await expectFingertipSized(page.locator('[data-item-row]'), 'Organizer rows');
  await expectFingertipSized(passportRow.getByRole('button', { name: 'Drag to move' }), 'Organizer grip');
  await expectFingertipSized(passportRow.getByRole('button', { name: 'Pin to Today' }), 'pin');
  await expectFingertipSized(passportRow.getByRole('button', { name: /Target date of/ }), 'date button');
  await expectFingertipSized(passportRow.locator('[data-title]'), 'title button');

  // A long press on 'Book dentist' lifts it; carried above the passport, it is ranked first.
  const touch = await finger(page);
  const grip = await centreOf(dentistRow.getByRole('button', { name: 'Drag to move' }));
  await touch.down(grip);
  await expect(lifted(page)).toHaveCount(1);
  await touch.move(await topOf(passportRow), 16);
  await expect(prioritized).toHaveAttribute('data-drop-gap', /^\d+$/);
  const ranked = page.waitForResponse((response) => response.url().includes('/api/items/update-priority'));
  await touch.up();
  expect((await ranked).status()).toBe(200);
  await expect(prioritized.locator('[data-item-row]')).toHaveCount(2);
  await expect(prioritized.locator('[data-item-row]').first()).toHaveAttribute('data-item-row', dentist._id);
  await expect(unprioritized.locator('[data-item-row]')).toHaveCount(0);
  const server = await readItem<{ priority: number | null }>(page.request, token, dentist._id);
  expect(server.priority).not.toBeNull();
});

test('Item settings open as a full-screen sheet, and a reminder is set there', async ({ page }) => {
  const { token, ids } = await workspaceWith(page, 'phone-settings', { Errands: [] });
  const errands = ids.Errands ?? '';
  await addTexts(page.request, token, errands, ['Post the parcel']);
  await page.goto('/app/boxes');
  const nav = switcher(page);
  await nav.getByRole('button', { name: 'Next pane: Errands' }).tap();
  const pane2 = pane(page, 'Errands');
  await expect(rows(page, 'Errands')).toHaveText(['Post the parcel']);

  await pane2.getByRole('button', { name: 'Item actions' }).tap();
  const menu = page.getByRole('toolbar', { name: 'Item actions' });
  await expectFingertipSized(menu.getByRole('button'), 'item menu buttons');
  await menu.getByRole('button', { name: 'More options' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Post the parcel' });
  await expect(dialog).toBeVisible();
  const sheet = await dialog.boundingBox();
  expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });

  const created = page.waitForResponse((response) =>
    response.url().includes('/api/reminders/create-item-reminder'),
  );
  await dialog.getByRole('button', { name: 'Add a Reminder' }).tap();
  expect((await created).ok()).toBe(true);
  const amount = dialog.getByRole('textbox', { name: 'How many' });
  await expect(amount).toHaveValue('1');
  const updated = page.waitForResponse((response) =>
    response.url().includes('/api/reminders/update-item-reminder'),
  );
  await amount.fill('2');
  expect((await updated).ok()).toBe(true);
  const itemId = (await rows(page, 'Errands').first().getAttribute('data-item-id')) ?? '';
  const reminders = await api<{ numberOf: number }[]>(
    page.request,
    token,
    'GET',
    `/api/reminders/get-item-reminders?itemId=${itemId}`,
  );
  expect(reminders).toMatchObject([{ numberOf: 2 }]);
});

test('the search palette on a phone names no keys a phone does not have', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'phone-palette' });
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  await page.getByRole('button', { name: 'Search and commands' }).tap();
  const palette = page.getByRole('dialog');
  await expect(palette.getByRole('combobox')).toBeVisible();
  await expect(palette.getByText('close', { exact: true })).toBeHidden();
  await expect(palette.locator('kbd:visible')).toHaveCount(0);
  await expectAccessible(page, 'command palette on a phone');
});

test('French Application Settings on a phone keep their tabs on one row', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'phone-settings-fr', locale: 'fr' });
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).tap();
  await page.getByRole('menuitem', { name: 'Paramètres de l’application' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Paramètres de l’application' });
  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveCount(5);
  const tops = await tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  // The last tab, scrolled to, opens its panel.
  await tabs.last().tap();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'French settings on a phone');
});
