import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount } from '../support/accounts.js';
import { api, readItem, rootBoxId } from '../support/api.js';
import { captureText } from '../support/capture.js';
import { serverNow } from '../support/clock.js';
import { openAppSignedIn } from '../support/keyboard.js';
import { expect, expectAccessible, test } from '../support/test.js';

/**
 * Upcoming: a text captured "tomorrow at 10am" shows under Tomorrow without being made
 * prioritizable; dragging it onto another day, or choosing a day from its Move to day menu by
 * keyboard, moves its date and keeps 10:00. The header, the palette and G U lead there. Dates
 * are the server's (the stated date); each move is checked on the server.
 */

interface Item {
  _id: string;
  title: string;
  priorityTargetDate: number | null;
  prioritizable: boolean;
}

/** The calendar day ('yyyy-MM-dd') `days` after an instant's day in a zone. */
function dayAfter(instant: number, days: number, timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 'yyyy-MM-dd HH:mm' of an instant in a zone. */
function localDateTime(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

const section = (page: Page, key: string) => page.locator(`section[data-upcoming-section="${key}"]`);
const row = (scope: Locator, title: string) =>
  scope.locator('[data-upcoming-row]').filter({ hasText: title });

/** Waits for the next date change saved through Item settings' call. */
const dateSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/items/update-item') && response.request().method() === 'PUT',
  );

/** Drags a row by the mouse onto a section. */
async function dragOnto(page: Page, from: Locator, onto: Locator) {
  const source = await from.boundingBox();
  const target = await onto.boundingBox();
  if (!source || !target) throw new Error('drag: the row or the section is not on screen');
  await page.mouse.move(source.x + 6, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 6, source.y + source.height / 2 + 12, { steps: 4 });
  await page.mouse.move(target.x + 40, target.y + target.height / 2, { steps: 16 });
  await expect(onto).toHaveAttribute('data-drop-target', 'true');
  await page.mouse.up();
}

async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

test('English at 1280 px: captured for tomorrow at 10am, shown under Tomorrow, dragged and moved by keyboard', async ({
  page,
}) => {
  // A long journey: capture, a drag, a menu, three ways there.
  test.slow();
  const zone = 'Europe/London';
  const account = await createLoggedInAccount(page.request, { label: 'upcoming-en', timezone: zone });
  const now = await serverNow(page.request);
  await openAppSignedIn(page, account.token);

  // The header leads there; nothing is dated yet.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Upcoming' })
    .click();
  await expect(page).toHaveURL(/\/app\/upcoming$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
  await expect(page.getByText('Nothing with a date yet')).toBeVisible();
  await screenshot(page, 'upcoming-empty-en');

  // Captured with a date and a time, not prioritizable: it shows under Tomorrow, at 10:00.
  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  const plumber = await captureText<Item>(page, field, 'Call the plumber tomorrow at 10am', /^Date: .*10:00/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const tomorrow = section(page, 'tomorrow');
  await expect(tomorrow.getByRole('heading', { level: 2, name: 'Tomorrow' })).toBeVisible();
  const plumberRow = row(tomorrow, 'Call the plumber');
  await expect(plumberRow).toBeVisible();
  await expect(plumberRow.locator('[data-when]')).toHaveText('10:00');
  expect((await readItem<Item>(page.request, account.token, plumber._id)).prioritizable).toBe(false);
  // A comment written elsewhere shows on the row as its count, which opens the Comments.
  await api(page.request, account.token, 'POST', `/api/items/${plumber._id}/comments`, {
    body: 'Ask about the boiler too',
  });
  const commentMark = plumberRow.getByRole('button', { name: '1 comment' });
  await expect(commentMark).toBeVisible();
  await screenshot(page, 'upcoming-en');
  await commentMark.click();
  const settings = page.getByRole('dialog', { name: 'Call the plumber' });
  await expect(settings.getByText('Ask about the boiler too')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Dragged onto the day after tomorrow's next day: the date moves there, still at 10:00.
  const inThreeDays = dayAfter(now, 3, zone);
  const saved = dateSaved(page);
  await dragOnto(page, plumberRow, section(page, inThreeDays));
  expect((await saved).status()).toBe(200);
  await expect(row(section(page, inThreeDays), 'Call the plumber')).toBeVisible();
  await expect(row(tomorrow, 'Call the plumber')).toHaveCount(0);
  const dragged = await readItem<Item>(page.request, account.token, plumber._id);
  expect(localDateTime(dragged.priorityTargetDate ?? 0, zone)).toBe(`${inThreeDays} 10:00`);
  // The move offers Undo, as other date changes do.
  await expect(page.getByText('Target date changed.')).toBeVisible();

  // By keyboard: the row's Move to day menu, back to Tomorrow.
  const moveButton = row(section(page, inThreeDays), 'Call the plumber').getByRole('button', {
    name: 'Move Call the plumber to another day',
  });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Tomorrow' })).toBeVisible();
  // The open menu is checked too (the automatic checks take new pages and dialogs).
  await expectAccessible(page, '/app/upcoming + Move to day');
  const movedBack = dateSaved(page);
  await menu.getByRole('menuitem', { name: 'Tomorrow' }).focus();
  await page.keyboard.press('Enter');
  expect((await movedBack).status()).toBe(200);
  await expect(row(section(page, 'tomorrow'), 'Call the plumber')).toBeVisible();
  const back = await readItem<Item>(page.request, account.token, plumber._id);
  expect(localDateTime(back.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 1, zone)} 10:00`);

  // G then U leads back from the Workspace, and so does the palette. The keys go to the page
  // once the menu has closed and nothing holds focus (a menu swallows typed letters).
  await expect(menu).toBeHidden();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/app\/upcoming$/);
  await expect(row(section(page, 'tomorrow'), 'Call the plumber')).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Go to Upcoming');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/upcoming$/);
});

test('French at 390 px: À venir, Demain, and a move to Aujourd’hui from the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const zone = 'Europe/Paris';
  const account = await createLoggedInAccount(page.request, {
    label: 'upcoming-fr',
    timezone: zone,
    locale: 'fr',
  });
  const now = await serverNow(page.request);
  const text = await api<Item>(page.request, account.token, 'POST', '/api/items/create-item', {
    parentItemId: await rootBoxId(page.request, account.token),
    itemType: 'todoText',
    title: 'Appeler le plombier',
  });
  const tomorrow = dayAfter(now, 1, zone);
  const [year = 0, month = 1, day = 1] = tomorrow.split('-').map(Number);
  // 10:00 in Paris in summer (UTC+2).
  await api(page.request, account.token, 'PUT', '/api/items/update-item', {
    itemId: text._id,
    priorityTargetDate: Date.UTC(year, month - 1, day, 8, 0),
  });
  await openAppSignedIn(page, account.token);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'À venir' })
    .click();
  await expect(page).toHaveURL(/\/app\/upcoming$/);
  const demain = section(page, 'tomorrow');
  await expect(demain.getByRole('heading', { level: 2, name: 'Demain' })).toBeVisible();
  const plombier = row(demain, 'Appeler le plombier');
  await expect(plombier.locator('[data-when]')).toHaveText('10:00');
  // Every header button, À venir included, fits the phone's width (the rest is in its Menu).
  const menu = await page
    .getByRole('banner')
    .getByRole('button', { name: 'Menu', exact: true })
    .boundingBox();
  expect(menu && menu.x + menu.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'upcoming-fr-390');

  const saved = dateSaved(page);
  await plombier.getByRole('button', { name: 'Déplacer Appeler le plombier à un autre jour' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Aujourd’hui' }).click();
  expect((await saved).status()).toBe(200);
  await expect(row(section(page, 'today'), 'Appeler le plombier')).toBeVisible();
  const moved = await readItem<Item>(page.request, account.token, text._id);
  expect(localDateTime(moved.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 0, zone)} 10:00`);
  await screenshot(page, 'upcoming-fr-390-moved');
});
