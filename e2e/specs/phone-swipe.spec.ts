import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, readItem } from '../support/api.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { centreOf, finger } from '../support/touch.js';
import { addTexts, openPanes, rows, workspaceWith } from '../support/workspace-setup.js';

/**
 * Swiping a text row on a phone (390 × 844, a touch screen), as in Todoist: right completes
 * it, left opens the schedule sheet; each offers Undo. A swipe that starts outside the rows
 * still moves between panes.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const switcher = (page: Page) => page.getByRole('navigation', { name: 'Panes' });
const answered = (page: Page, path: string) =>
  page.waitForResponse((response) => response.url().includes(path) && response.request().method() !== 'GET');

test('a swipe right completes a text and a swipe left schedules it, each undone from its notice', async ({
  page,
}) => {
  const { token } = await workspaceWith(page, 'phone-swipe', { Errands: ['Post the parcel', 'Buy stamps'] });
  await page.goto('/app/boxes');
  const nav = switcher(page);
  await nav.getByRole('button', { name: 'Next pane: Errands' }).tap();
  await expect(nav.getByText('2 of 2')).toBeVisible();
  const errands = pane(page, 'Errands');
  await expect(errands).toBeInViewport({ ratio: 0.9 });
  await expect(rows(page, 'Errands')).toHaveText(['Post the parcel', 'Buy stamps']);
  const touch = await finger(page);

  // Part way right: the row follows the finger over the green Complete backdrop.
  const parcel = rows(page, 'Errands').filter({ hasText: 'Post the parcel' });
  const start = await centreOf(parcel);
  await touch.pressAndMove(start, { x: start.x + 40, y: start.y });
  const backdrop = errands.locator('[data-action="complete"]');
  await expect(backdrop).toHaveText('Complete');
  // Back towards the start and let go short of the threshold: it springs back, nothing done.
  await touch.move({ x: start.x + 20, y: start.y }, 4);
  await touch.up();
  await expect(backdrop).toHaveCount(0);
  await expect(rows(page, 'Errands')).toHaveText(['Post the parcel', 'Buy stamps']);

  // All the way right: done, and the swipe on the row is no pane swipe.
  const completed = answered(page, '/api/items/complete');
  await touch.pressAndMove(start, { x: start.x + 60, y: start.y });
  await touch.move({ x: start.x + 180, y: start.y + 4 }, 6);
  await touch.up();
  expect((await completed).status()).toBe(200);
  await expect(rows(page, 'Errands')).toHaveText(['Buy stamps']);
  await expect(nav.getByText('2 of 2')).toBeVisible();
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Marked as done.' });
  await expect(notice).toHaveCount(1);
  const undone = answered(page, '/api/undo/undo-action');
  await notice.getByRole('button', { name: 'Undo' }).tap();
  expect((await undone).status()).toBe(200);
  await expect(rows(page, 'Errands')).toHaveText(['Post the parcel', 'Buy stamps']);

  // Left: the schedule sheet, checked by axe; Tomorrow sets the date, shown on the row.
  const stamps = rows(page, 'Errands').filter({ hasText: 'Buy stamps' });
  const from = await centreOf(stamps);
  await touch.pressAndMove(from, { x: from.x - 60, y: from.y });
  await expect(errands.locator('[data-action="schedule"]')).toHaveText('Schedule');
  await touch.move({ x: from.x - 180, y: from.y }, 6);
  await touch.up();
  const sheet = page.getByRole('dialog', { name: 'Schedule' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: /^Next week/ })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'No date' })).toBeVisible();
  await expectAccessible(page, 'schedule sheet');
  const scheduled = answered(page, '/api/items/update-item');
  await sheet.getByRole('button', { name: /^Tomorrow/ }).tap();
  expect((await scheduled).status()).toBe(200);
  await expect(sheet).toBeHidden();
  await expect(stamps.locator('[data-date-text]')).toHaveText('Tomorrow');
  const stampsId = await stamps.getAttribute('data-item-id');
  expect(
    (await readItem<{ priorityTargetDate: number | null }>(page.request, token, stampsId ?? ''))
      .priorityTargetDate,
  ).not.toBeNull();

  // Undo takes the date away again: no date, as before.
  const dateNotice = page.locator('.mantine-Notification-root').filter({ hasText: 'Target date changed.' });
  const dateUndone = answered(page, '/api/undo/undo-action');
  await dateNotice.getByRole('button', { name: 'Undo' }).tap();
  expect((await dateUndone).status()).toBe(200);
  await expect(stamps.locator('[data-date-text]')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await readItem<{ priorityTargetDate: number | null }>(page.request, token, stampsId ?? ''))
          .priorityTargetDate,
    )
    .toBeNull();

  // A swipe that starts on the pane's heading, not a row, still goes back a pane.
  const heading = await centreOf(errands.locator('header'));
  await touch.pressAndMove({ x: heading.x - 120, y: heading.y }, { x: heading.x, y: heading.y + 4 });
  await touch.move({ x: heading.x + 120, y: heading.y + 6 }, 6);
  await touch.up();
  await expect(nav.getByText('1 of 2')).toBeVisible();
});

test('in French, a swipe left opens the sheet named Planifier', async ({ page }) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'phone-swipe-fr', locale: 'fr' });
  const box = await createBox(request, token, 'Courses');
  await addTexts(request, token, box._id, ['Acheter du pain']);
  await openPanes(request, token, [box._id]);
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  const row = rows(page, 'Courses').filter({ hasText: 'Acheter du pain' });
  await expect(row).toBeInViewport();
  const touch = await finger(page);
  const from = await centreOf(row);
  await touch.pressAndMove(from, { x: from.x - 60, y: from.y });
  await touch.move({ x: from.x - 180, y: from.y }, 6);
  await touch.up();
  const sheet = page.getByRole('dialog', { name: 'Planifier' });
  await expect(sheet.getByRole('button', { name: /^Aujourd’hui/ })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Sans date' })).toBeVisible();
});
